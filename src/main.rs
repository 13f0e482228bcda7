use clap::{Parser, Subcommand};
use gambit::cli::{bench, play, render, replay, selfplay};
use gambit::config::Config;
use gambit::rules::{Data, Mode, Seat};
use gambit::service::{Service, Verdict};
use gambit::store::Store;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

#[derive(Parser)]
#[command(
    name = "gambit",
    version,
    about = "Star Wars: The Queen's Gambit as a Discord play-by-post bot (an unofficial fan implementation)"
)]
struct Cli {
    /// Load the game data from this folder instead of the data built into the program.
    #[arg(long, global = true, value_name = "DIR")]
    assets: Option<PathBuf>,
    /// A configuration file laid over config/default.toml (also GAMBIT_CONFIG).
    #[arg(long, global = true, value_name = "FILE")]
    config: Option<PathBuf>,
    /// The SQLite database (default from the configuration: data/gambit.db; also GAMBIT_DB).
    #[arg(long, global = true, value_name = "PATH")]
    db: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the Discord bot (needs DISCORD_TOKEN; games are saved in the SQLite database).
    Serve,
    /// Register the slash commands with Discord for every server (needs DISCORD_TOKEN). Global
    /// registration can take up to an hour to show; set GAMBIT_DEV_GUILD for instant updates in one server.
    Register,
    /// Play in the terminal: two or four players at one keyboard, any seat optionally random. Every move
    /// is saved; continue a game with --game ID.
    Play {
        #[arg(long, default_value_t = 2)]
        players: u8,
        #[arg(long)]
        seed: Option<u64>,
        /// A seat played by random legal choices (tf, naboo; 4 players: tf-field, naboo-field, tf-palace,
        /// naboo-palace). Repeat for several.
        #[arg(long, value_name = "SEAT")]
        random: Vec<String>,
        /// Continue this saved game.
        #[arg(long, value_name = "ID")]
        game: Option<i64>,
    },
    /// List the games in the database.
    Games,
    /// Write a game as a replay script (it contains every secret: for finished games and admins).
    Export {
        id: i64,
        /// Write to this file instead of the terminal.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Check every game: its log must replay to exactly its saved state.
    Verify,
    /// Run a replay script and print the events (or the final state with --json).
    Replay {
        file: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Play whole games with random legal choices and print one summary line. With --db PATH the games
    /// go through the game service and are saved in that database.
    Selfplay {
        #[arg(long, default_value_t = 100)]
        games: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 2)]
        players: u8,
        /// Games still running after this many rounds count as unfinished.
        #[arg(long, default_value_t = 500)]
        max_rounds: u32,
        /// Check every invariant after every step (slower).
        #[arg(long)]
        check: bool,
    },
    /// Measure: rules engine games per second (one core) and act + save latency on SQLite.
    Bench {
        #[arg(long, default_value_t = 300)]
        games: u32,
        /// Actions in the long game used for the save latency.
        #[arg(long, default_value_t = 2000)]
        actions: u64,
        /// Runs per board picture when timing render and PNG encode.
        #[arg(long, default_value_t = 15)]
        render_runs: u32,
    },
    /// Write every board picture of a new, a mid-game and a finished game (seeded random play) to a folder.
    RenderExamples {
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
    },
    /// Write the board pictures after a replay script to a folder.
    Render {
        #[arg(long, value_name = "FILE")]
        replay: PathBuf,
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
    },
}

/// Logs to standard error; RUST_LOG (or the configuration's log level) filters them.
fn init_logs(level: &str) {
    let filter =
        tracing_subscriber::EnvFilter::try_new(level).unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).try_init();
}

fn mode_of(players: u8) -> Result<Mode, String> {
    Mode::from_players(players).ok_or_else(|| format!("--players must be 2 or 4, not {players}"))
}

fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_multi_thread().enable_all().build().map_err(|e| format!("cannot start: {e}"))
}

async fn open_service(path: &Path, data: Arc<Data>) -> Result<Service, String> {
    let store = Store::open(path).await.map_err(|e| e.to_string())?;
    Ok(Service::new(store, data))
}

fn run(cli: Cli) -> Result<(), String> {
    let config = Config::from_env(cli.config.as_deref()).map_err(|e| e.to_string())?;
    let db = cli.db.clone().unwrap_or_else(|| config.database.path.clone());
    let data: Arc<Data> = match &cli.assets {
        Some(dir) => Arc::new(Data::from_dir(dir).map_err(|e| format!("game data: {e}"))?),
        None => Data::embedded(),
    };
    match cli.command {
        Command::Serve => {
            init_logs(&config.log.level);
            let mut config = config;
            config.database.path = db;
            runtime()?.block_on(gambit::discord::serve(config, data))
        }
        Command::Register => {
            let n = runtime()?.block_on(gambit::discord::register(&config))?;
            println!("{n} commands registered globally.");
            Ok(())
        }
        Command::Play { players, seed, random, game } => {
            let mode = mode_of(players)?;
            let random = random
                .iter()
                .map(|k| {
                    Seat::from_key(mode, k).ok_or_else(|| {
                        let names: Vec<&str> = Seat::all(mode).map(|s| s.key(mode)).collect();
                        format!("--random {k}: not a seat ({})", names.join(", "))
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            runtime()?.block_on(async {
                let svc = open_service(&db, data).await?;
                let opts = play::Options { mode, seed, random, game };
                let stdin = std::io::stdin();
                play::run(&svc, &opts, stdin.lock(), std::io::stdout()).await.map_err(|e| e.to_string())?;
                svc.store().close().await;
                Ok(())
            })
        }
        Command::Games => runtime()?.block_on(async {
            let svc = open_service(&db, data).await?;
            for g in svc.all_games().await.map_err(|e| e.to_string())? {
                match g {
                    Ok(g) => {
                        let seats: Vec<String> = g
                            .seats
                            .iter()
                            .map(|(s, u)| format!("{}={}", s.key(g.mode), u.as_deref().unwrap_or("-")))
                            .collect();
                        println!(
                            "{:>5}  {:<9} {}p  move {:<5} {}  [{}]  waiting for: {}",
                            g.id,
                            g.status.key(),
                            g.mode.seats(),
                            g.version,
                            if g.title.is_empty() { "(untitled)" } else { &g.title },
                            seats.join(" "),
                            g.waiting
                        );
                    }
                    Err(e) => println!("{e}"),
                }
            }
            Ok(())
        }),
        Command::Export { id, out } => runtime()?.block_on(async {
            let svc = open_service(&db, data).await?;
            let text = svc.export(id).await.map_err(|e| e.to_string())?;
            match out {
                Some(path) => std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display())),
                None => {
                    print!("{text}");
                    Ok(())
                }
            }
        }),
        Command::Verify => runtime()?.block_on(async {
            let svc = open_service(&db, data).await?;
            let rows = svc.store().games().await.map_err(|e| e.to_string())?;
            let mut bad = 0;
            for row in rows {
                let id = match row {
                    Ok(r) => r.id,
                    Err(e) => {
                        println!("{e}");
                        bad += 1;
                        continue;
                    }
                };
                match svc.verify(id).await {
                    Verdict::Consistent { version } => println!("game {id}: ok ({version} moves)"),
                    Verdict::NotStarted => println!("game {id}: not started"),
                    Verdict::Mismatch { detail } | Verdict::Damaged { detail } => {
                        bad += 1;
                        println!("game {id}: PROBLEM: {detail}");
                    }
                }
            }
            if bad > 0 { Err(format!("{bad} game(s) have problems")) } else { Ok(()) }
        }),
        Command::Replay { file, json } => {
            let text = std::fs::read_to_string(&file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            print!("{}", replay::run(data, &text, json)?);
            Ok(())
        }
        Command::Selfplay { games, seed, players, max_rounds, check } => {
            let mode = mode_of(players)?;
            // With --db the games are played through the service and saved there.
            let sum = if cli.db.is_some() {
                runtime()?.block_on(async {
                    let svc = open_service(&db, data).await?;
                    let sum = selfplay::run_saved(&svc, games, seed, mode, max_rounds).await;
                    svc.store().close().await;
                    sum
                })
            } else {
                selfplay::run(data, games, seed, mode, max_rounds, check)
            }
            .map_err(|e| format!("self-play found a bug: {e}"))?;
            println!("{}", sum.line());
            Ok(())
        }
        Command::Bench { games, actions, render_runs } => {
            for line in bench::rules(data.clone(), games)? {
                println!("{line}");
            }
            for line in runtime()?.block_on(bench::store(data.clone(), actions))? {
                println!("{line}");
            }
            render::bench(data, render_runs)?.iter().for_each(|l| println!("{l}"));
            Ok(())
        }
        Command::RenderExamples { out } => {
            println!("wrote {} pictures to {}", render::examples(data, &out)?.len(), out.display());
            Ok(())
        }
        Command::Render { replay, out } => {
            let text =
                std::fs::read_to_string(&replay).map_err(|e| format!("cannot read {}: {e}", replay.display()))?;
            println!("wrote {} pictures to {}", render::replay(data, &text, &out)?.len(), out.display());
            Ok(())
        }
    }
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gambit: {e}");
            ExitCode::FAILURE
        }
    }
}

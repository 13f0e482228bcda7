//! The command line: what each command takes. `cli::command` carries them out.

use clap::{Parser, Subcommand};
use std::path::PathBuf;

#[derive(Parser)]
#[command(name = "gambit", version, about = "Board games by post on Discord (an unofficial fan implementation)")]
pub struct Cli {
    /// Load the game data from this folder instead of the data built into the program.
    #[arg(long, global = true, value_name = "DIR")]
    pub assets: Option<PathBuf>,
    /// A configuration file laid over config/default.toml (also GAMBIT_CONFIG).
    #[arg(long, global = true, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// The database: a SQLite file (default from the configuration: data/gambit.db) or a postgres:// address
    /// (also GAMBIT_DB).
    #[arg(long, global = true, value_name = "PATH")]
    pub db: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Run the Discord bot (needs DISCORD_TOKEN; games are saved in the database, SQLite or PostgreSQL).
    Serve {
        /// Run only these of Discord's shards, FIRST-LAST (e.g. 0-1), so several processes share the bot
        /// (also GAMBIT_SHARDS, [discord] shards). Without it: every shard Discord recommends.
        #[arg(long, value_name = "FIRST-LAST")]
        shards: Option<String>,
        /// How many shards the bot has in all, across its processes (also GAMBIT_SHARD_TOTAL).
        #[arg(long, value_name = "N")]
        shard_total: Option<u32>,
    },
    /// Register the slash commands with Discord for every server (needs DISCORD_TOKEN). Global
    /// registration can take up to an hour to show; set GAMBIT_DEV_GUILD for instant updates in one server.
    Register,
    /// Play in the terminal: two or four players at one keyboard, any seat optionally random. Every move
    /// is saved; continue a game with --game ID.
    Play {
        /// 2 (one against one) or 4 (two teams of two).
        #[arg(long, default_value_t = 2)]
        players: u8,
        /// The random seed of a new game (the same seed deals the same cards and rolls the same dice).
        #[arg(long)]
        seed: Option<u64>,
        /// A seat the computer plays: SEAT or SEAT:LEVEL (tf, naboo; 4 players: tf-field, naboo-field,
        /// tf-palace, naboo-palace; levels easy, normal (the default), hard, or cmd:PROGRAM for an outside
        /// program: docs/agent-protocol.md). Repeat for several.
        #[arg(long, value_name = "SEAT[:LEVEL]")]
        ai: Vec<String>,
        /// A seat played by the self-play player (as --ai SEAT:greedy). Repeat for several.
        #[arg(long, value_name = "SEAT")]
        random: Vec<String>,
        /// Continue this saved game (its number), or start a game of another kind, by its key.
        #[arg(long, value_name = "ID|KEY")]
        game: Option<String>,
        /// Stratego: which of its four games (1 classic, 2 powers, 3 Rise of the Empire, 4 Rebellion).
        #[arg(long, default_value_t = 1)]
        variant: u8,
        /// Stratego: the file the game is written to after every move (a replay script); if it exists,
        /// the game in it goes on.
        #[arg(long, value_name = "FILE")]
        save: Option<PathBuf>,
    },
    /// List the games in the database.
    Games,
    /// Write a game as a replay script (it contains every secret: for finished games and admins).
    Export {
        /// The game's number (`gambit games` lists them).
        id: i64,
        /// Write to this file instead of the terminal.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Check every game: its log must replay to exactly its saved state (a backup too, with --db).
    Verify,
    /// Show every server's ratings as kept, and check them against the games; `--rebuild` computes them
    /// again from the saved games and keeps those.
    Ratings {
        /// Replace the kept ratings by those the saved games give, in the order they ended.
        #[arg(long)]
        rebuild: bool,
    },
    /// Write a consistent copy of the database to FILE, safe while the bot runs.
    Backup {
        /// The new file (it must not exist yet).
        file: PathBuf,
    },
    /// Put a backup in place of the database (the bot must be stopped); the current file is kept aside.
    Restore {
        /// The backup to put in place (`gambit verify --db FILE` checks it first).
        file: PathBuf,
    },
    /// Upgrade the database to this version's schema (a copy is taken first). `serve` does it by itself.
    Migrate,
    /// Move every game, setting and data set of one database into another, empty one (a SQLite file into
    /// PostgreSQL, with no bot running on either), then check that every game verifies the same in both.
    MigrateStore {
        /// The database to move from (a file, or a postgres:// address).
        #[arg(long)]
        from: PathBuf,
        /// The database to move into (a postgres:// address, or a new file).
        #[arg(long)]
        to: PathBuf,
    },
    /// Ask the running bot's health listener ([ops] listen) whether all is well: exit 0 if so.
    Health,
    /// Check a finished game's dice: the replay script's seed against the seal posted when it started, and
    /// that the script replays to its end.
    CheckDice {
        /// The replay script posted with the game's recap.
        file: PathBuf,
        /// The seal posted when the game started (64 hexadecimal digits).
        #[arg(long)]
        commitment: String,
        /// The game's number, if the script does not say it (its first line, "# gambit game N").
        #[arg(long)]
        game: Option<i64>,
    },
    /// Run a replay script and print the events (or the final state with --json).
    Replay {
        /// The script (see docs/replay-format.md).
        file: PathBuf,
        /// Print the final state as JSON instead of the events (with --as: that seat's view).
        #[arg(long)]
        json: bool,
        /// Print only what this seat sees (naboo, tf; 4 players: tf-field, naboo-palace...; Stratego: evil,
        /// good), and its view.
        #[arg(long = "as", value_name = "SEAT")]
        seat: Option<String>,
    },
    /// Play whole games with random legal choices and print one summary line. With --db PATH the games
    /// go through the game service and are saved in that database.
    Selfplay {
        /// How many games.
        #[arg(long, default_value_t = 100)]
        games: u32,
        /// The first game's seed; the others follow from it.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// 2 or 4.
        #[arg(long, default_value_t = 2)]
        players: u8,
        /// The rules version (default: the newest; games saved with --db always use the newest).
        #[arg(long)]
        rules: Option<u32>,
        /// Games still running after this many rounds count as unfinished.
        #[arg(long, default_value_t = 500)]
        max_rounds: u32,
        /// Check every invariant after every step (slower).
        #[arg(long)]
        check: bool,
        /// Which game, by its key (the bot's first game when left out; a wrong key lists them).
        #[arg(long, value_name = "KEY")]
        game: Option<String>,
        /// Stratego: which of its four games (1 classic, 2 powers, 3 Rise of the Empire, 4 Rebellion).
        #[arg(long, default_value_t = 1)]
        variant: u8,
    },
    /// Rate two computer players against each other: games in pairs with the same seed and the sides
    /// swapped; win rates with their 95% intervals, the Elo difference, decision times. Agents: random,
    /// greedy, easy, normal, hard, or cmd:PROGRAM (an outside program: docs/agent-protocol.md).
    Arena {
        /// The agent rated.
        #[arg(long)]
        a: String,
        /// The agent it plays.
        #[arg(long)]
        b: String,
        /// How many games (whole pairs).
        #[arg(long, default_value_t = 200)]
        games: u32,
        /// 2 or 4.
        #[arg(long, default_value_t = 2)]
        players: u8,
        /// The first pair's seed; the others follow from it.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Games still running after this many rounds count as draws.
        #[arg(long, default_value_t = 200)]
        max_rounds: u32,
        /// Multiply every agent's search budget by this (to measure levels in less time).
        #[arg(long, default_value_t = 1.0)]
        budget_scale: f64,
        /// Stop as soon as a sequential test (α = β = 0.05) proves a's Elo advantage at least ELO1 or
        /// below ELO0.
        #[arg(long, num_args = 2, value_names = ["ELO0", "ELO1"], allow_negative_numbers = true)]
        sprt: Option<Vec<f64>>,
        /// Milliseconds an outside program (cmd:) has for one answer; a later answer loses the game.
        #[arg(long, default_value_t = 10_000)]
        agent_ms: u64,
        /// Which game, by its key (the bot's first game when left out; a wrong key lists them). Each game
        /// names its own agents.
        #[arg(long, value_name = "KEY")]
        game: Option<String>,
        /// Stratego: which of its four games.
        #[arg(long, default_value_t = 1)]
        variant: u8,
    },
    /// Measure: rules engine games per second (one core) and act + save latency on SQLite.
    Bench {
        /// Random games played to time the rules engine.
        #[arg(long, default_value_t = 300)]
        games: u32,
        /// Actions in the long game used for the save latency.
        #[arg(long, default_value_t = 2000)]
        actions: u64,
        /// Public answers clicked through the bot (each with its post and picture); as many game endings of each game, rated and not.
        #[arg(long, default_value_t = 300)]
        clicks: usize,
        /// Runs per board picture when timing render and PNG encode.
        #[arg(long, default_value_t = 15)]
        render_runs: u32,
        /// Decisions each computer level makes to time it (hard a quarter of them; 0: none).
        #[arg(long, default_value_t = 40)]
        decisions: usize,
        /// Print every figure in one flat JSON object (with the core count and the git revision).
        #[arg(long)]
        json: bool,
    },
    /// Write every board picture of a new, a mid-game and a finished game (seeded random play) to a folder.
    RenderExamples {
        /// The folder to write the pictures to (made if missing).
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
    },
    /// Write the board pictures after a replay script to a folder.
    Render {
        /// The replay script.
        #[arg(long, value_name = "FILE")]
        replay: PathBuf,
        /// The folder to write the pictures to (made if missing).
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
    },
}

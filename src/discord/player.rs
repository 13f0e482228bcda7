//! A player's commands: which game they mean, their hand, a board, the status, their games, the log, a
//! typed move and its suggestions, undo, concede, rules, cards and pings.

use super::bot::{Bot, Origin, Out, Post, Reply};
use super::msg::Msg;
use super::refusal::err;
use super::views;
use crate::service::{DrawStep, GameId};

impl Bot {
    /// Which game a command is about: the one named, else the game whose thread this is (for players and
    /// spectators alike), else the user's game in this channel, else their only unfinished game (among the
    /// games they can reach from here).
    pub async fn which_game(&self, o: &Origin, named: Option<i64>) -> Result<GameId, String> {
        if let Some(g) = named {
            return Ok(g);
        }
        if let Ok(Some(g)) = self.svc.game_here(&o.caller).await {
            return Ok(g);
        }
        let mine = self
            .svc
            .games_of(&o.caller, true)
            .await
            .map_err(|e| super::refusal::sentence(&super::refusal::words(&e)))?;
        let open: Vec<_> = mine.into_iter().flatten().filter(|g| !g.status.is_over()).collect();
        let here: Vec<_> = open
            .iter()
            .filter(|g| g.thread.as_ref() == Some(&o.channel) || g.channel.as_ref() == Some(&o.channel))
            .collect();
        match (here.as_slice(), open.as_slice()) {
            ([g], _) => Ok(g.game),
            (_, [g]) => Ok(g.game),
            (_, []) => Err("You are not in a game here. Start one with /qg new, or name a game.".into()),
            _ => Err("You are in several games: say which one (the `game` option suggests them).".into()),
        }
    }

    /// `/qg games` and `/stratego games`: one list of every game the user can reach from here (on a
    /// server, that server's), of either kind.
    pub async fn games(&self, o: &Origin) -> Out {
        match self.svc.games_of(&o.caller, false).await {
            Ok(list) => {
                let mut commands: Vec<&str> = self.svc.catalog().all().iter().map(|k| k.words().command).collect();
                commands.sort_unstable();
                let mut msg = views::games_list(&list.into_iter().flatten().collect::<Vec<_>>(), &commands);
                // The server's finished games, with their replays, on the web.
                if let (Some(base), Ok(link)) = (self.pages.get(), self.svc.archive_link(&o.caller).await) {
                    msg.content = super::msg::clip(
                        &format!("{}\n🗄 This server's finished games, with replays: {base}/a/{link}", msg.content),
                        super::msg::limits::CONTENT,
                    );
                }
                Out::private(msg)
            }
            Err(e) => err(e),
        }
    }

    /// `/qg log`: the last moves, each under its number, with the user's own side's private lines. Past
    /// what a message holds, the same text comes as a file.
    pub async fn log(&self, o: &Origin, game: GameId, count: u32) -> Out {
        let moves = match self.svc.log(&o.caller, game, count.clamp(1, 50)).await {
            Ok(m) => m,
            Err(e) => return err(e),
        };
        if moves.is_empty() {
            return Out::say("Nothing has happened yet.");
        }
        let what = if moves.len() == 1 { "move".to_string() } else { format!("{} moves", moves.len()) };
        let head = format!("**Game {game}: the last {what}**");
        let mut body = String::new();
        for m in &moves {
            // A secret step of the reader's own side has no public number.
            let number = m.number.map_or("·".to_string(), |n| format!("{n}."));
            body.push_str(&format!("\n**{number}** {}", m.lines.join(" ")));
        }
        let text = format!("{head}{body}");
        if text.chars().count() <= super::msg::limits::CONTENT {
            return Out::say(text);
        }
        let mut msg = Msg::text(format!("{head}: too long for a message, so here they are as a file."));
        let plain = text.replace("**", "");
        msg.file = Some(super::msg::Attachment {
            name: format!("game-{game}-log.txt"),
            bytes: plain.into_bytes(),
            description: format!("Game {game}'s moves as text."),
        });
        Out::private(msg)
    }

    /// Autocomplete for a typed choice (`/qg choose`, `/stratego move`): the legal answers matching what
    /// was typed, as the game's room words them.
    pub async fn suggestions(&self, o: &Origin, game: Option<GameId>, typed: &str) -> Vec<(String, String)> {
        let Ok(game) = self.which_game(o, game).await else { return Vec::new() };
        match self.room_of(o, game).await {
            Ok(room) => room.suggest(self, o, game, typed).await,
            Err(_) => Vec::new(),
        }
    }

    /// Autocomplete for a `game` option: the user's games they can reach from here, never another
    /// server's.
    pub async fn game_suggestions(&self, o: &Origin, typed: &str) -> Vec<(String, GameId)> {
        let games = self.svc.games_of(&o.caller, false).await.unwrap_or_default();
        games
            .into_iter()
            .flatten()
            .filter(|g| g.game.to_string().starts_with(typed.trim()))
            .take(25)
            .map(|g| (super::msg::clip(&format!("Game {} · {} · {}", g.game, g.status.key(), g.waiting), 100), g.game))
            .collect()
    }

    /// `/qg draw`, `/stratego draw`: a draw offered, or the other side's accepted, in every game; either is
    /// said in the game's home (an accepted one with the game's end), and the others are told to accept
    /// with the game's own command.
    pub async fn offer_draw(&self, o: &Origin, game: GameId) -> Out {
        let (step, end) = match self.svc.draw(&o.caller, game).await {
            Ok(s) => s,
            Err(e) => return err(e),
        };
        let (reply, home, msg) = match step {
            DrawStep::Offered { by, to, until, others, home, command } => {
                let names: Vec<String> = others.iter().map(views::mention).collect();
                let who = if names.is_empty() { to } else { names.join(" and ") };
                let mut msg = Msg::text(format!(
                    "🤝 {} offers a draw for {by} (a house rule: the rulebook has no draws). {who} may accept it \
                     with {command} draw {until}.",
                    views::mention(o.user()),
                ));
                msg.ping = others.into_iter().collect();
                msg.silent = msg.ping.is_empty();
                (format!("Draw offered: it stands {until}."), home, msg)
            }
            DrawStep::Agreed { by, home } => {
                let msg = Msg::text(format!(
                    "🤝 **Game {game} ends in a draw by agreement**: {}, playing {by}, accepted the offer. Nobody \
                     wins (a house rule: the rulebook has no draws).",
                    views::mention(o.user()),
                ));
                ("You accepted the draw: the game is over.".to_string(), home, msg)
            }
        };
        let mut posts: Vec<Post> = home.map(|channel| Post::new(channel, msg)).into_iter().collect();
        if let Some(news) = end {
            posts.extend(self.table_posts(news).await);
        }
        Out { reply: Reply::Private(Msg::text(reply)), posts, thread: None, ended: None, told: None }
    }

    /// `/qg notify`: the user's ping settings, and the time zone their hours are in. A zone this bot does
    /// not know changes nothing.
    pub async fn notify(
        &self,
        o: &Origin,
        pings: Option<bool>,
        quiet: Option<(u8, u8)>,
        zone: Option<&str>,
        name_on_pages: Option<bool>,
    ) -> Out {
        let zone = match zone.map(|z| (z, crate::service::zone_named(z))) {
            Some((asked, None)) => {
                return Out::say(format!(
                    "'{}' is not a time zone I know: pick one of the suggestions, or name it as Europe/Paris or \
                     America/New_York are. Nothing was changed.",
                    crate::discord::msg::plain(asked)
                ));
            }
            Some((_, Some(z))) => Some(z.name().to_string()),
            None => None,
        };
        let changed = self
            .svc
            .change_preferences(o.user(), |s| {
                if let Some(p) = pings {
                    s.pings = p;
                }
                if let Some(q) = quiet {
                    s.quiet = if q.0 == q.1 { None } else { Some(q) };
                }
                if let Some(z) = &zone {
                    s.timezone = Some(z.clone());
                }
                Ok(())
            })
            .await;
        let s = match changed {
            Ok((s, ())) => s,
            Err(e) => return err(e),
        };
        let named = match name_on_pages {
            Some(shown) => match self.svc.show_name(&o.caller, shown).await {
                Ok(()) if shown => {
                    " Your name on the server shows on the web pages' leaderboards (from your next seat)."
                }
                Ok(()) => {
                    " Your name is kept off the web pages (they show \"a player\"), and the names kept were forgotten."
                }
                Err(e) => return err(e),
            },
            None => "",
        };
        Out::say(format!("{}{named}", s.describe()))
    }

    /// `/qg leaderboard`: the server's ladders of a game, in the channel (or to the asker alone).
    pub async fn leaderboard(&self, o: &Origin, key: &str, private: bool) -> Out {
        match self.svc.leaderboard(&o.caller, key).await {
            Ok(boards) => standing_reply(super::standings::leaderboard(&boards), private),
            Err(e) => err(e),
        }
    }

    /// `/qg away`: the member is away for some days (0: back now), privately told what that means.
    pub async fn away(&self, o: &Origin, days: u32) -> Out {
        match self.svc.set_away(&o.caller, days).await {
            Ok(Some(until)) => Out::say(format!(
                "You are away until <t:{until}:f> (<t:{until}:R>): your games wait for you, with no reminders, no \
                 stand-in and no deadline passing for you, and their status says so. You are back as soon as you \
                 move, or with days: 0."
            )),
            Ok(None) => Out::say("Welcome back: your games' clocks run for you again."),
            Err(e) => err(e),
        }
    }

    /// `/qg stats`: a member's statistics in a game on this server, in the channel (or to the asker alone).
    pub async fn stats(&self, o: &Origin, key: &str, member: Option<&crate::service::UserId>, private: bool) -> Out {
        match self.svc.stats(&o.caller, key, member).await {
            Ok(s) => standing_reply(super::stats::stats(&s), private),
            Err(e) => err(e),
        }
    }
}

/// Standings for the channel, or for the one who asked alone.
fn standing_reply(text: String, private: bool) -> Out {
    let msg = super::msg::Msg::text(text);
    Out::reply(if private { super::bot::Reply::Private(msg) } else { super::bot::Reply::Public(msg) })
}

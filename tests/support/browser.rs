//! A real browser for the web pages' tests: Debian's headless Chromium, driven over WebDriver by its own
//! chromedriver (started here on a free port, stopped with the test). The tests need both installed
//! (`.ci/run` installs them); without them a test fails and says so.

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A headless Chromium session, and the driver it runs under.
pub struct Browser {
    pub client: Client,
    driver: Child,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// Where the pages' screenshots are kept for a person to look at (`target/screenshots`).
pub fn screenshots() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target").join("screenshots");
    std::fs::create_dir_all(&dir).expect("a folder for the screenshots");
    dir
}

impl Browser {
    /// A fresh browser, `width` pixels wide.
    pub async fn start(width: u32) -> Browser {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let driver = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver (Debian's chromium-driver; .ci/run installs it)");
        let mut caps = serde_json::Map::new();
        let args = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--lang=en"];
        caps.insert("goog:chromeOptions".into(), json!({ "args": args }));
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let url = format!("http://127.0.0.1:{port}");
        let mut client = None;
        for _ in 0..100 {
            match ClientBuilder::new(connector.clone()).capabilities(caps.clone()).connect(&url).await {
                Ok(c) => {
                    client = Some(c);
                    break;
                }
                Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
            }
        }
        let browser = Browser { client: client.expect("a Chromium session through chromedriver"), driver };
        browser.width(width).await;
        browser
    }

    /// Make the window `width` pixels wide (and tall enough for a page).
    pub async fn width(&self, width: u32) {
        self.client.set_window_size(width, 1000).await.expect("the window resized");
    }

    pub async fn goto(&self, url: &str) {
        self.client.goto(url).await.expect("the page loads");
    }

    /// The page's text as a reader sees it.
    pub async fn text(&self) -> String {
        self.run("return document.body.innerText;").await.as_str().unwrap_or("").to_string()
    }

    /// Run `script` in the page; what it returns.
    pub async fn run(&self, script: &str) -> Value {
        self.client.execute(script, Vec::new()).await.expect("the script runs")
    }

    pub async fn click(&self, css: &str) {
        self.client.find(Locator::Css(css)).await.unwrap_or_else(|e| panic!("{css}: {e}")).click().await.unwrap();
    }

    /// Wait until the page's text contains `wanted` (a live update, a page loaded after a click).
    pub async fn wait_for_text(&self, wanted: &str) -> String {
        for _ in 0..200 {
            let text = self.text().await;
            if text.contains(wanted) {
                return text;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the page never said {wanted:?}: {}", self.text().await);
    }

    /// Wait until every picture on the page has loaded and shows something (a live update's new picture
    /// loads after the update itself).
    pub async fn wait_for_pictures(&self, what: &str) {
        let script =
            "return [...document.images].every(i => i.complete && i.naturalWidth > 0) && document.images.length > 0;";
        for _ in 0..200 {
            if self.run(script).await.as_bool().unwrap_or(false) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("{what}: a picture on the page was never drawn");
    }

    /// Keep a screenshot of the page as `name`.png among the test artifacts.
    pub async fn screenshot(&self, name: &str) {
        let png = self.client.screenshot().await.expect("a screenshot");
        std::fs::write(screenshots().join(format!("{name}.png")), png).expect("the screenshot kept");
    }

    /// The automated accessibility check (axe-core, vendored for the tests) over the page: its violations
    /// (contrast, labels, landmarks and the rest of its WCAG 2 A and AA rules), as `rule: where` lines.
    pub async fn accessibility_violations(&self) -> Vec<String> {
        const AXE: &str = include_str!("../web/vendor/axe.min.js");
        self.client.execute(AXE, Vec::new()).await.expect("axe loads");
        let run = r#"
            const done = arguments[arguments.length - 1];
            axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "best-practice"] } })
              .then(r => done(r.violations.map(v => v.id + ": " + v.nodes.map(n => n.target.join(" ")).join(", "))));
        "#;
        let found = self.client.execute_async(run, Vec::new()).await.expect("axe runs");
        found.as_array().into_iter().flatten().filter_map(|v| v.as_str().map(String::from)).collect()
    }
}

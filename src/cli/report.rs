//! What `gambit bench` measured, part by part: lines for a person and figures by name for `--json`.

/// What a part of the bench measured: lines for a person, and the same figures by name.
#[derive(Debug, Default)]
pub struct Report {
    pub lines: Vec<String>,
    pub figures: Vec<(&'static str, f64)>,
}

impl Report {
    pub fn line(&mut self, text: String) {
        self.lines.push(text);
    }

    pub fn figure(&mut self, name: &'static str, value: f64) {
        self.figures.push((name, value));
    }

    pub fn add(&mut self, other: Report) {
        self.lines.extend(other.lines);
        self.figures.extend(other.figures);
    }

    /// Every figure in one flat JSON object, with the machine's core count and the program's revision.
    pub fn json(&self) -> String {
        let mut o = serde_json::Map::new();
        for (name, value) in &self.figures {
            // Sizes and rates print as whole numbers; times keep three decimals.
            let v = if name.ends_with("_bytes") || name.ends_with("_per_s") {
                serde_json::json!(value.round() as i64)
            } else {
                serde_json::json!((value * 1000.0).round() / 1000.0)
            };
            o.insert((*name).to_string(), v);
        }
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        o.insert("cores".into(), serde_json::json!(cores));
        o.insert("git_revision".into(), serde_json::json!(env!("GAMBIT_REVISION")));
        serde_json::Value::Object(o).to_string()
    }
}

pub fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

pub fn stats(label: &str, ms: &[f64]) -> String {
    let mut s = ms.to_vec();
    s.sort_by(f64::total_cmp);
    format!(
        "{label}: n={} median={:.2} ms p99={:.2} ms max={:.2} ms",
        s.len(),
        percentile(&s, 0.5),
        percentile(&s, 0.99),
        s.last().copied().unwrap_or(0.0)
    )
}

/// The median and the 99th percentile, rounded to microseconds.
pub fn p50_p99(ms: &[f64]) -> (f64, f64) {
    let mut s = ms.to_vec();
    s.sort_by(f64::total_cmp);
    let round = |x: f64| (x * 1000.0).round() / 1000.0;
    (round(percentile(&s, 0.5)), round(percentile(&s, 0.99)))
}

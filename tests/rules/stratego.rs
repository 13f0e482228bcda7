//! Stratego's rules as replay scripts: every file in tests/stratego is named after the rule it checks and
//! runs to its end with every `expect` met. All failures are listed at once.

use gambit::games::stratego::script;

#[test]
fn every_stratego_rule_script_runs_with_its_expectations_met() {
    let dir = format!("{}/tests/stratego", env!("CARGO_MANIFEST_DIR"));
    let only = std::env::var("STRATEGO_SCRIPT").ok();
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/stratego")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .filter(|p| only.as_ref().is_none_or(|o| p.to_string_lossy().contains(o.as_str())))
        .collect();
    names.sort();
    let mut failures = Vec::new();
    for path in &names {
        let text = std::fs::read_to_string(path).expect("a script");
        if let Err(e) = script::run(&text) {
            failures.push(format!("{}: {e}", path.file_name().unwrap_or_default().to_string_lossy()));
        }
    }
    assert!(failures.is_empty(), "{} of {} scripts failed:\n{}", failures.len(), names.len(), failures.join("\n"));
    assert!(only.is_some() || names.len() >= 100, "only {} rule scripts", names.len());
}

//! *The Queen's Gambit* in text: its boards and status summary drawn from a reader's `View`.

pub mod board;

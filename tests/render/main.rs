//! The board pictures: what they show and the golden files that hold them. One test binary, one module
//! per subject.

mod golden;
mod phone;
mod pictures;

//! The server embeds the built web app from `web/dist`. That folder exists only after
//! `npm run build`; creating it empty here lets the server compile on its own (it then serves
//! bare pages and says so at start-up), and the rerun line re-embeds the app after each build.

fn main() {
    let dist = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/dist");
    if !dist.exists() {
        let _ = std::fs::create_dir_all(&dist);
    }
    println!("cargo::rerun-if-changed=../../web/dist");
}

//! The built scripts and styles go out as the build compressed them (brotli 11 and gzip 9 files
//! beside each one), chosen by the browser's `Accept-Encoding`, never compressed again on the way.

use std::io::{Read, Write};

use crate::helpers::spawn_app;

#[actix_web::test]
async fn a_script_goes_out_as_the_builds_brotli_file_when_the_browser_takes_brotli() {
    let app = spawn_app().await;
    let assets = app.settings.server.frontend_dir.join("assets");
    let script = "export const greeting = 'أهلا بك في محصول';\n".repeat(200);
    std::fs::write(assets.join("home-abc123.js"), &script).expect("script");
    let mut brotli = Vec::new();
    {
        let mut writer = brotli::CompressorWriter::new(&mut brotli, 4096, 11, 22);
        writer.write_all(script.as_bytes()).expect("brotli");
    }
    std::fs::write(assets.join("home-abc123.js.br"), &brotli).expect("brotli file");
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gzip.write_all(script.as_bytes()).expect("gzip");
    let gzip = gzip.finish().expect("gzip");
    std::fs::write(assets.join("home-abc123.js.gz"), &gzip).expect("gzip file");
    let fetch = |accept: &'static str| {
        let request = app.client.get(format!("{}/assets/home-abc123.js", app.address));
        async move { if accept.is_empty() { request } else { request.header("Accept-Encoding", accept) }.send().await.expect("asset") }
    };

    // Chrome's header names gzip first, all at the same weight: brotli is the smaller.
    let answer = fetch("gzip, deflate, br, zstd").await;
    assert_eq!(answer.status(), 200);
    let header = |name: &str| answer.headers().get(name).and_then(|value| value.to_str().ok()).unwrap_or_default().to_owned();
    assert_eq!(header("content-encoding"), "br");
    assert!(header("content-type").contains("javascript"), "the script's type, not the file's: {}", header("content-type"));
    assert!(header("vary").to_ascii_lowercase().contains("accept-encoding"), "caches keep one answer per encoding");
    assert!(header("cache-control").contains("immutable"), "still cached for a year");
    let body = answer.bytes().await.expect("body");
    assert_eq!(body.as_ref(), brotli.as_slice(), "the build's file byte for byte, not compressed again");
    let mut unpacked = String::new();
    brotli::Decompressor::new(body.as_ref(), 4096).read_to_string(&mut unpacked).expect("brotli");
    assert_eq!(unpacked, script);

    let answer = fetch("gzip").await;
    assert_eq!(answer.headers().get("content-encoding").map(|value| value.as_bytes()), Some(b"gzip".as_slice()));
    assert_eq!(answer.bytes().await.expect("body").as_ref(), gzip.as_slice());

    let answer = fetch("").await;
    assert!(answer.headers().get("content-encoding").is_none(), "a client asking for no encoding gets the script as it is");
    assert_eq!(answer.text().await.expect("body"), script);
}

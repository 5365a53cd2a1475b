//! A load test of `pecp serve`, on loopback, bounded, ending by itself:
//! CLIENTS concurrent clients, each on its own keep-alive connection,
//! send REQUESTS `GET /api/analyse` in all over random legal KPK positions
//! (a fixed seed). Prints errors, latency percentiles, throughput and the
//! server's resident memory after each quarter.
//!
//! `cargo run --release --example serve_load -- target/release/pecp [CLIENTS] [REQUESTS] [-- serve options]`

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use pecp::board::enumerate::all_positions;
use pecp::board::position::fen_of;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (ours, serve_args) = match args.iter().position(|a| a == "--") {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (&args[..], &[][..]),
    };
    let pecp = ours
        .first()
        .expect("usage: serve_load PECP [CLIENTS] [REQUESTS]");
    let clients: usize = ours.get(1).map_or(50, |s| s.parse().expect("CLIENTS"));
    let requests: usize = ours.get(2).map_or(20_000, |s| s.parse().expect("REQUESTS"));
    let mut server = Command::new(pecp)
        .args(["serve", "--port", "0"])
        .args(serve_args)
        .stdout(Stdio::piped())
        .spawn()
        .expect("pecp serve starts");
    let mut first = String::new();
    BufReader::new(server.stdout.as_mut().unwrap())
        .read_line(&mut first)
        .unwrap();
    let addr = first
        .split("http://")
        .nth(1)
        .unwrap()
        .split('/')
        .next()
        .unwrap()
        .to_string();
    println!("{}", first.trim());
    let targets = targets(requests);
    let next = AtomicUsize::new(0);
    let errors = AtomicUsize::new(0);
    let latencies = Mutex::new(Vec::with_capacity(requests));
    let rss = Mutex::new(vec![(0, resident_kb(server.id()))]);
    let started = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..clients {
            s.spawn(|| {
                client(
                    &addr,
                    &targets,
                    &next,
                    &errors,
                    &latencies,
                    &rss,
                    server.id(),
                )
            });
        }
    });
    let wall = started.elapsed();
    let _ = server.kill();
    let _ = server.wait();
    report(
        clients,
        requests,
        wall,
        &errors,
        latencies.into_inner().unwrap(),
        rss.into_inner().unwrap(),
    );
}

/// The request targets: random legal KPK positions, a fixed seed.
fn targets(n: usize) -> Vec<String> {
    let all = all_positions();
    let mut rng = pecp::rng::SplitMix64::new(20_261_124);
    (0..n)
        .map(|_| {
            let k = all[rng.below(all.len())];
            let fen = fen_of(&k.to_chess());
            let q: String = fen
                .bytes()
                .map(|b| match b {
                    b' ' => "%20".to_string(),
                    b'/' => "%2F".to_string(),
                    _ => (b as char).to_string(),
                })
                .collect();
            format!("/api/analyse?fen={q}")
        })
        .collect()
}

#[allow(clippy::too_many_arguments)]
fn client(
    addr: &str,
    targets: &[String],
    next: &AtomicUsize,
    errors: &AtomicUsize,
    latencies: &Mutex<Vec<Duration>>,
    rss: &Mutex<Vec<(usize, u64)>>,
    pid: u32,
) {
    let mut conn = TcpStream::connect(addr).expect("connect");
    conn.set_nodelay(true).unwrap();
    let mut reader = BufReader::new(conn.try_clone().unwrap());
    let mut mine = Vec::new();
    loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some(target) = targets.get(i) else { break };
        let t = Instant::now();
        let ok = write!(conn, "GET {target} HTTP/1.1\r\nHost: {addr}\r\n\r\n").is_ok()
            && read_response(&mut reader) == Some(200);
        mine.push(t.elapsed());
        if !ok {
            errors.fetch_add(1, Ordering::Relaxed);
            conn = TcpStream::connect(addr).expect("reconnect");
            reader = BufReader::new(conn.try_clone().unwrap());
        }
        if (i + 1).is_multiple_of((targets.len() / 4).max(1)) {
            rss.lock().unwrap().push((i + 1, resident_kb(pid)));
        }
    }
    latencies.lock().unwrap().extend(mine);
}

/// Reads one response with a Content-Length body; its status.
fn read_response(r: &mut impl BufRead) -> Option<u16> {
    let mut line = String::new();
    r.read_line(&mut line).ok()?;
    let status = line.split(' ').nth(1)?.parse().ok()?;
    let mut length = 0;
    loop {
        line.clear();
        r.read_line(&mut line).ok()?;
        if line == "\r\n" || line.is_empty() {
            break;
        }
        if let Some((k, v)) = line.split_once(':')
            && k.eq_ignore_ascii_case("content-length")
        {
            length = v.trim().parse().ok()?;
        }
    }
    let mut body = vec![0; length];
    r.read_exact(&mut body).ok()?;
    Some(status)
}

/// The server's anonymous resident memory (kB, the heap and stacks, not
/// the mapped table files), from /proc.
fn resident_kb(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("RssAnon:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

fn report(
    clients: usize,
    requests: usize,
    wall: Duration,
    errors: &AtomicUsize,
    mut lat: Vec<Duration>,
    mut rss: Vec<(usize, u64)>,
) {
    lat.sort();
    let pct =
        |p: f64| lat[((lat.len() as f64 * p) as usize).min(lat.len() - 1)].as_secs_f64() * 1e3;
    println!(
        "{requests} requests from {clients} clients in {:.1} s ({:.0} per second), {} errors",
        wall.as_secs_f64(),
        requests as f64 / wall.as_secs_f64(),
        errors.load(Ordering::Relaxed)
    );
    println!(
        "latency ms: p50 {:.1}, p90 {:.1}, p99 {:.1}, max {:.1}",
        pct(0.50),
        pct(0.90),
        pct(0.99),
        lat.last().unwrap().as_secs_f64() * 1e3
    );
    rss.sort();
    let shown: Vec<String> = rss
        .iter()
        .map(|(n, kb)| format!("{n}: {} MB", kb / 1024))
        .collect();
    println!(
        "server memory (requests done: resident): {}",
        shown.join(", ")
    );
}

//! `pecp serve [--port N] [--bind ADDR] [--calc N] [--tablebases DIR]
//! [--weights FILE]`: the tutor in the browser. One page and its assets,
//! all compiled in, and a JSON API over [`pecp::apps::tutor`]. The server
//! reads no path from a request, bounds every query and body, answers bad
//! input with HTTP 400 and `{"error": ...}` in the command line's words,
//! and ends cleanly on SIGINT or SIGTERM.

use std::collections::HashMap;
use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, Json, Path, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use pecp::PecpError;
use pecp::apps::tutor::{Opponent, Tutor};
use pecp::judges::truth::Truth;
use pecp::play::line::Until;
use serde::Deserialize;
use shakmaty::{Color, Square};

use super::Outcome;

#[derive(clap::Args)]
pub struct Args {
    /// Port to listen on (0: any free port; the address is printed).
    #[arg(long, value_name = "N", default_value_t = 8080)]
    port: u16,
    /// Address to listen on.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    bind: IpAddr,
    #[command(flatten)]
    calc: super::Calc,
    #[command(flatten)]
    judging: super::Judging,
}

/// The longest request target (path and query) and body accepted.
const MAX_TARGET: usize = 2048;
const MAX_BODY: usize = 4096;

/// The page and its assets: name, content type, bytes.
const ASSETS: &[(&str, &str, &[u8])] = &[
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/app.js"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_bytes!("../../web/style.css"),
    ),
    (
        "chessground.min.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/vendor/chessground/chessground.min.js"),
    ),
    (
        "chessground.base.css",
        "text/css; charset=utf-8",
        include_bytes!("../../web/vendor/chessground/chessground.base.css"),
    ),
    (
        "chessground.brown.css",
        "text/css; charset=utf-8",
        include_bytes!("../../web/vendor/chessground/chessground.brown.css"),
    ),
    (
        "chessground.cburnett.css",
        "text/css; charset=utf-8",
        include_bytes!("../../web/vendor/chessground/chessground.cburnett.css"),
    ),
];
const INDEX: &str = include_str!("../../web/index.html");

pub fn run(args: Args, out: &mut impl Write) -> Outcome {
    super::load_weights(args.judging.weights.as_deref())?;
    let truth = Truth::new(super::find_tables_with_four_pieces(
        args.judging.tablebases.as_deref(),
    )?);
    let tutor = Arc::new(Tutor::new(truth, args.calc.plies));
    // The analyses are work for the processor: one thread per core does
    // them, in the order they come, and the memory stays flat.
    let cores = std::thread::available_parallelism().map_or(2, usize::from);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .max_blocking_threads(cores)
        .enable_all()
        .build()
        .map_err(|e| io_error("cannot start the server", e))?;
    let addr = SocketAddr::new(args.bind, args.port);
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| io_error(&format!("cannot listen on {addr}"), e))?;
        let bound = listener
            .local_addr()
            .map_err(|e| io_error("cannot listen", e))?;
        writeln!(
            out,
            "pecp serve: http://{bound}/ (judge: {}; Ctrl-C stops)",
            tutor.judge()
        )?;
        out.flush()?;
        axum::serve(listener, app(tutor))
            .with_graceful_shutdown(stopped())
            .await
            .map_err(|e| io_error("the server failed", e))?;
        Ok(0)
    })
}

fn io_error(what: &str, source: std::io::Error) -> super::Failure {
    PecpError::Io {
        what: what.into(),
        source,
    }
    .into()
}

/// Resolves on SIGINT or SIGTERM.
async fn stopped() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = interrupt => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = interrupt.await;
            }
        }
    }
    #[cfg(not(unix))]
    let _ = interrupt.await;
}

/// The routes.
fn app(tutor: Arc<Tutor>) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/assets/{name}", get(asset))
        .route("/api/analyse", get(analyse))
        .route("/api/line", get(line))
        .route("/api/map", get(map))
        .route("/api/move", post(practice))
        .route("/api/reply", post(reply))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn(bounded))
        .with_state(tutor)
}

/// A bad request: HTTP 400 with the error in the command line's words.
fn bad(message: impl Into<String>) -> Response {
    json_response(
        StatusCode::BAD_REQUEST,
        serde_json::json!({ "error": message.into() }).to_string(),
    )
}

/// A response with `headers` added.
fn with_headers(
    response: impl IntoResponse,
    headers: &[(header::HeaderName, &'static str)],
) -> Response {
    let mut r = response.into_response();
    for (name, value) in headers {
        r.headers_mut()
            .insert(name.clone(), HeaderValue::from_static(value));
    }
    r
}

fn json_response(status: StatusCode, body: String) -> Response {
    with_headers(
        (status, body),
        &[
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-store"),
        ],
    )
}

fn ok_json(value: &impl serde::Serialize) -> Response {
    match serde_json::to_string(value) {
        Ok(s) => json_response(StatusCode::OK, s),
        Err(e) => bad(e.to_string()),
    }
}

/// Refuses a request whose target is too long before anything reads it.
async fn bounded(req: Request, next: Next) -> Response {
    let target = req.uri().path_and_query().map_or(0, |p| p.as_str().len());
    if target > MAX_TARGET {
        return bad(format!(
            "the request is {target} characters long; at most {MAX_TARGET} are read"
        ));
    }
    next.run(req).await
}

async fn index() -> Response {
    with_headers(
        INDEX,
        &[
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (
                header::CONTENT_SECURITY_POLICY,
                "default-src 'self'; img-src 'self' data:; style-src 'self'",
            ),
        ],
    )
}

async fn asset(Path(name): Path<String>) -> Response {
    match ASSETS.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, bytes)) => with_headers(Body::from(*bytes), &[(header::CONTENT_TYPE, kind)]),
        None => not_found().await,
    }
}

async fn not_found() -> Response {
    json_response(
        StatusCode::NOT_FOUND,
        serde_json::json!({ "error": "no such page" }).to_string(),
    )
}

/// The query's parameters, each known and given once.
fn params(query: Option<&str>, known: &[&str]) -> Result<HashMap<String, String>, String> {
    let pairs: Vec<(String, String)> = serde_urlencoded::from_str(query.unwrap_or(""))
        .map_err(|e| format!("the query cannot be read: {e}"))?;
    let mut out = HashMap::new();
    for (k, v) in pairs {
        if !known.contains(&k.as_str()) {
            return Err(format!(
                "unknown parameter {k:?} (known: {})",
                known.join(", ")
            ));
        }
        if out.insert(k.clone(), v).is_some() {
            return Err(format!("parameter {k:?} is given twice"));
        }
    }
    Ok(out)
}

fn required(p: &HashMap<String, String>, name: &str) -> Result<String, String> {
    p.get(name)
        .cloned()
        .ok_or_else(|| format!("parameter {name:?} is missing"))
}

/// One of `choices` (the first when absent).
fn choice<T: Copy>(
    p: &HashMap<String, String>,
    name: &str,
    choices: &[(&str, T)],
) -> Result<T, String> {
    let Some(given) = p.get(name) else {
        return Ok(choices[0].1);
    };
    choices
        .iter()
        .find(|(n, _)| n == given)
        .map(|&(_, v)| v)
        .ok_or_else(|| {
            let names: Vec<&str> = choices.iter().map(|(n, _)| *n).collect();
            format!("{name}: {given:?} is not {}", names.join(" or "))
        })
}

fn square(p: &HashMap<String, String>, name: &str) -> Result<Square, String> {
    let s = required(p, name)?;
    s.parse()
        .map_err(|_| format!("{name}: {s:?} is not a square (a1 to h8)"))
}

/// Runs `work` off the async threads and sends its result as JSON; its
/// error becomes a 400.
async fn compute<T: serde::Serialize + Send + 'static>(
    work: impl FnOnce() -> pecp::Result<T> + Send + 'static,
) -> Response {
    compute_as(work, |v| ok_json(v)).await
}

/// [`compute`], the result sent by `render`.
async fn compute_as<T: Send + 'static>(
    work: impl FnOnce() -> pecp::Result<T> + Send + 'static,
    render: impl FnOnce(&T) -> Response,
) -> Response {
    match tokio::task::spawn_blocking(work).await {
        Ok(Ok(v)) => render(&v),
        Ok(Err(e)) => bad(e.to_string()),
        Err(_) => json_response(
            StatusCode::INTERNAL_SERVER_ERROR,
            serde_json::json!({ "error": "the analysis failed" }).to_string(),
        ),
    }
}

/// A line as PGN, to download.
fn pgn_response(rep: &pecp::apps::annotate::LineReport) -> Response {
    with_headers(
        pecp::report::line::pgn(rep, false),
        &[
            (header::CONTENT_TYPE, "application/x-chess-pgn"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"pecp-line.pgn\"",
            ),
        ],
    )
}

async fn analyse(State(t): State<Arc<Tutor>>, req: Request) -> Response {
    let fen = params(req.uri().query(), &["fen"]).and_then(|p| required(&p, "fen"));
    match fen {
        Ok(fen) => compute(move || t.analyse(&fen)).await,
        Err(e) => bad(e),
    }
}

#[derive(Clone, Copy)]
enum Format {
    Json,
    Pgn,
}

async fn line(State(t): State<Arc<Tutor>>, req: Request) -> Response {
    let args = params(req.uri().query(), &["fen", "until", "players", "format"]).and_then(|p| {
        Ok((
            required(&p, "fen")?,
            choice(
                &p,
                "until",
                &[("mate", Until::Mate), ("promotion", Until::Promotion)],
            )?,
            choice(&p, "players", &[("pecp", false), ("perfect", true)])?,
            choice(
                &p,
                "format",
                &[("json", Format::Json), ("pgn", Format::Pgn)],
            )?,
        ))
    });
    let (fen, until, perfect, format) = match args {
        Ok(a) => a,
        Err(e) => return bad(e),
    };
    let work = move || t.line(&fen, until, perfect);
    match format {
        Format::Json => compute(work).await,
        Format::Pgn => compute_as(work, pgn_response).await,
    }
}

async fn map(State(t): State<Arc<Tutor>>, req: Request) -> Response {
    let colours = [("white", Color::White), ("black", Color::Black)];
    let known = ["pawn", "king", "side", "pawn_colour", "pawn2", "enemy_pawn"];
    let args = params(req.uri().query(), &known).and_then(|p| {
        required(&p, "side")?;
        let colour = choice(&p, "pawn_colour", &colours)?;
        let extra = match (p.contains_key("pawn2"), p.contains_key("enemy_pawn")) {
            (false, false) => None,
            (true, false) => Some((square(&p, "pawn2")?, colour)),
            (false, true) => Some((square(&p, "enemy_pawn")?, !colour)),
            (true, true) => return Err("pawn2 and enemy_pawn: one or the other".to_string()),
        };
        Ok((
            (square(&p, "pawn")?, square(&p, "king")?),
            choice(&p, "side", &colours)?,
            colour,
            extra,
        ))
    });
    match args {
        Ok((men, side, pc, extra)) => compute(move || t.map(men, side, pc, extra)).await,
        Err(e) => bad(e),
    }
}

/// A practice move.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    fen: String,
    #[serde(rename = "move")]
    mv: String,
    #[serde(default)]
    opponent: Option<String>,
}

/// The opponent to begin.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReplyRequest {
    fen: String,
    #[serde(default)]
    opponent: Option<String>,
}

/// The opponent named in a request (perfect when none is); `none`, no
/// opponent, where that is allowed.
fn opponent_of(named: Option<&str>, none_allowed: bool) -> Result<Option<Opponent>, String> {
    match named {
        None | Some("perfect") => Ok(Some(Opponent::Perfect)),
        Some("pecp") => Ok(Some(Opponent::Pecp)),
        Some("none") if none_allowed => Ok(None),
        Some(o) => {
            let known = if none_allowed {
                "perfect or pecp or none"
            } else {
                "perfect or pecp"
            };
            Err(format!("opponent: {o:?} is not {known}"))
        }
    }
}

async fn reply(
    State(t): State<Arc<Tutor>>,
    body: Result<Json<ReplyRequest>, JsonRejection>,
) -> Response {
    let Json(r) = match body {
        Ok(b) => b,
        Err(e) => return bad(e.body_text()),
    };
    match opponent_of(r.opponent.as_deref(), false) {
        Ok(o) => compute(move || t.answer(&r.fen, o.unwrap_or(Opponent::Perfect))).await,
        Err(e) => bad(e),
    }
}

async fn practice(
    State(t): State<Arc<Tutor>>,
    body: Result<Json<MoveRequest>, JsonRejection>,
) -> Response {
    let Json(m) = match body {
        Ok(b) => b,
        Err(e) => return bad(e.body_text()),
    };
    let opponent = match opponent_of(m.opponent.as_deref(), true) {
        Ok(o) => o,
        Err(e) => return bad(e),
    };
    compute(move || t.practice(&m.fen, &m.mv, opponent)).await
}

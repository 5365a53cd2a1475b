// The tutor's page: a chessground board and four views (analyse, map,
// practice, line) over pecp's JSON API. Everything it loads comes from
// the same server.
import { Chessground } from '/assets/chessground.min.js';

const CLASSICS = [
  ["The paper's position (Fig. 3): White wins", '8/8/3k4/8/8/3PK3/8/8 w - - 0 1'],
  ['The opposition, White to move: a draw', '8/8/8/3k4/8/3K4/3P4/8 w - - 0 1'],
  ['The opposition, Black to move: White wins', '8/8/8/3k4/8/3K4/3P4/8 b - - 0 1'],
  ['The king on a key square', '3k4/8/3K4/8/3P4/8/8/8 b - - 0 1'],
  ['The king two ranks ahead of its pawn', '4k3/8/4K3/8/4P3/8/8/8 w - - 0 1'],
  ['The king on the sixth, in front of its pawn', '3k4/8/3K4/3P4/8/8/8/8 w - - 0 1'],
  ['The pawn on the sixth, its king behind: a draw', '3k4/8/3P4/3K4/8/8/8/8 w - - 0 1'],
  ['Stalemate with the pawn on the seventh', '4k3/4P3/4K3/8/8/8/8/8 b - - 0 1'],
  ['Outside the square: the pawn runs', '7k/8/8/8/1P6/8/8/K7 w - - 0 1'],
  ['Inside the square: the king catches it', '4k3/8/8/8/1P6/8/8/K7 w - - 0 1'],
  ['Rook pawn: the defender in the corner', 'k7/8/8/8/P7/8/8/K7 w - - 0 1'],
  ['Rook pawn: the defender reaches the corner first', '8/8/8/8/1k6/8/P7/4K3 w - - 0 1'],
  ['The defender must come round to the front', '8/8/8/2k5/8/8/3PK3/8 w - - 0 1'],
  ["Black has the pawn: the paper's position mirrored", '8/8/3pk3/8/8/3K4/8/8 b - - 0 1'],
  ['Queen against king', '8/8/3k4/8/8/8/8/KQ6 w - - 0 1'],
  ['A pawn each: the Réti study, only Kg7 draws', '7K/8/k1P5/7p/8/8/8/8 w - - 0 1'],
  ['A pawn each: the race, and the queen that comes with check', '8/8/8/8/2P1k3/8/3p4/1K6 w - - 0 1'],
  ['Two pawns that guard each other', '8/8/3k4/2pp4/8/3K4/8/8 w - - 0 1'],
  ['Rook against king', '8/8/3k4/8/8/8/8/KR6 w - - 0 1'],
];

const $ = (id) => document.getElementById(id);
const state = {
  fen: CLASSICS[0][1],
  orientation: 'white',
  tab: 'analyse',
  analysis: null,
  practice: null,
  line: null,
  lineAt: 0,
  mapCache: new Map(),
};

const ground = Chessground($('board'), {
  coordinates: true,
  premovable: { enabled: false },
  movable: { free: false, showDests: true, events: { after: (from, to) => onBoardMove(from, to) } },
  draggable: { showGhost: true },
  drawable: { enabled: true, visible: true },
  events: { change: () => onBoardEdited() },
});

// ---------------------------------------------------------------- the API

async function api(path, options) {
  const response = await fetch(path, options);
  const body = await response.json();
  if (!response.ok) throw new Error(body.error || `HTTP ${response.status}`);
  return body;
}

function post(path, body) {
  return api(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const query = (params) => new URLSearchParams(params).toString();

// ----------------------------------------------------------- the position

const turnOf = (fen) => (fen.split(' ')[1] === 'b' ? 'black' : 'white');

function showError(message) {
  $('error').textContent = message ? `pecp: ${message}` : '';
}

async function setPosition(text, { keepTab = false } = {}) {
  showError('');
  let analysis;
  try {
    analysis = await api(`/api/analyse?${query({ fen: text })}`);
  } catch (e) {
    showError(e.message);
    return false;
  }
  state.fen = analysis.fen;
  state.analysis = analysis;
  $('fen').value = analysis.fen;
  $('turn-name').textContent = turnOf(analysis.fen);
  history.replaceState(null, '', `?${query({ fen: analysis.fen })}`);
  if (!keepTab && state.tab === 'practice' && !state.practice) renderPracticeIdle();
  renderAnalysis(analysis);
  if (state.tab === 'map') loadMap();
  return true;
}

/// The board showing `fen`, the mover's legal moves from an analysis.
function showBoard(fen, analysis, { movable = true, lastMove } = {}) {
  const dests = new Map();
  if (analysis && movable) {
    for (const m of analysis.moves) {
      const from = m.uci.slice(0, 2);
      if (!dests.has(from)) dests.set(from, []);
      if (!dests.get(from).includes(m.uci.slice(2, 4))) dests.get(from).push(m.uci.slice(2, 4));
    }
  }
  const editing = $('edit').checked && state.tab === 'analyse';
  $('board').dataset.fen = fen;
  ground.set({
    fen: fen.split(' ')[0],
    orientation: state.orientation,
    turnColor: turnOf(fen),
    lastMove,
    movable: editing
      ? { free: true, color: 'both', dests: new Map() }
      : { free: false, color: movable ? turnOf(fen) : undefined, dests },
  });
  ground.setAutoShapes([]);
}

function onBoardEdited() {
  if (!($('edit').checked && state.tab === 'analyse')) return;
  const fen = `${ground.getFen()} ${turnOf(state.fen).charAt(0)} - - 0 1`;
  setPosition(fen);
}

function uciOf(from, to) {
  const piece = ground.state.pieces.get(to);
  const last = to[1] === '8' || to[1] === '1';
  return from + to + (piece && piece.role === 'pawn' && last ? 'q' : '');
}

async function onBoardMove(from, to) {
  if ($('edit').checked && state.tab === 'analyse') return;
  const uci = uciOf(from, to);
  if (state.tab === 'practice' && state.practice) return practiceMove(uci);
  return playMove(uci);
}

/// Plays a move in the analysis and analyses the position after it.
async function playMove(uci) {
  try {
    const r = await post('/api/move', { fen: state.fen, move: uci, opponent: 'none' });
    await setPosition(r.played.fen);
  } catch (e) {
    showError(e.message);
    showBoard(state.fen, state.analysis);
  }
}

// ---------------------------------------------------------------- analyse

function valueBefore(a) {
  const w = a.explanation.winner;
  if (!w) return 'draw';
  return w === a.side_to_move ? 'win' : 'loss';
}

function valueAfter(a, m) {
  if (m.tablebase) return { win: 'loss', loss: 'win', draw: 'draw' }[m.tablebase.wdl];
  const before = valueBefore(a);
  if (m.keeps_value !== false) return before;
  return before === 'win' ? 'draw' : 'loss';
}

function renderAnalysis(a) {
  showBoard(a.fen, a);
  const shapes = a.explanation.squares.map((s) => ({ orig: s, brush: 'green' }));
  if (a.chosen && a.chosen.length >= 4) {
    shapes.push({ orig: a.chosen.slice(0, 2), dest: a.chosen.slice(2, 4), brush: 'blue' });
  }
  ground.setAutoShapes(shapes);
  $('verdict').textContent = a.explanation.sentence;
  const chosen = a.explanation.moves.find((m) => m.uci === a.chosen);
  $('chosen').textContent = chosen ? `PECP plays ${chosen.sentence}` : '';
  const body = $('moves').querySelector('tbody');
  body.replaceChildren();
  for (const m of a.moves) {
    const row = document.createElement('tr');
    const said = a.explanation.moves.find((e) => e.uci === m.uci);
    let why = said ? said.sentence : '';
    if (!said && m.refutation) {
      why = m.refutation.san ? `${m.refutation.san}! ${m.refutation.sentence}` : m.refutation.sentence;
    }
    const value = valueAfter(a, m);
    row.className = m.keeps_value === false ? 'mistake' : 'keeps';
    row.dataset.uci = m.uci;
    for (const text of [m.san, value, why]) {
      const cell = document.createElement('td');
      cell.textContent = text;
      row.append(cell);
    }
    row.title = 'Play this move';
    row.addEventListener('click', () => playMove(m.uci));
    body.append(row);
  }
}

// -------------------------------------------------------------------- map

function mapRequest() {
  const pieces = [...ground.state.pieces.entries()];
  const pawns = pieces.filter(([, p]) => p.role === 'pawn');
  if (!pawns.length) return null;
  // With a pawn each, White's men stay and the black king is mapped.
  const mine = pawns.find(([, p]) => p.color === 'white') || pawns[0];
  const colour = mine[1].color;
  const king = pieces.find(([, p]) => p.role === 'king' && p.color === colour);
  const request = { pawn: mine[0], king: king[0], side: turnOf(state.fen), pawn_colour: colour };
  const other = pawns.find(([square]) => square !== mine[0]);
  if (other && other[1].color === colour) request.pawn2 = other[0];
  if (other && other[1].color !== colour) request.enemy_pawn = other[0];
  return request;
}

async function loadMap() {
  const grid = $('map-grid');
  grid.replaceChildren();
  $('map-hover').textContent = '';
  const request = mapRequest();
  if (!request) {
    $('map-summary').textContent = 'The map needs a pawn on the board.';
    return;
  }
  let m;
  try {
    m = await api(`/api/map?${query(request)}`);
  } catch (e) {
    $('map-summary').textContent = `pecp: ${e.message}`;
    return;
  }
  const bySquare = new Map(m.squares.map((s) => [s.square, s]));
  const files = 'abcdefgh';
  const ranks = state.orientation === 'white' ? '87654321' : '12345678';
  const fileOrder = state.orientation === 'white' ? files : [...files].reverse().join('');
  let won = 0, drawn = 0, lost = 0, wrong = 0;
  for (const r of ranks) {
    for (const f of fileOrder) {
      const s = bySquare.get(f + r);
      const cell = document.createElement('div');
      cell.className = `cell ${s.cell}${s.disagrees ? ' wrong' : ''}`;
      cell.dataset.square = s.square;
      if (s.square === m.pawn) cell.textContent = m.pawn_colour === 'white' ? '♙' : '♟';
      else if (s.square === m.extra_pawn) cell.textContent = m.extra_pawn_colour === 'white' ? '♙' : '♟';
      else if (s.square === m.king) cell.textContent = m.pawn_colour === 'white' ? '♔' : '♚';
      else if (s.disagrees) cell.textContent = '✗';
      if (s.cell === 'won') won++;
      if (s.cell === 'drawn') drawn++;
      if (s.cell === 'lost') lost++;
      if (s.disagrees) wrong++;
      if (s.fen) {
        cell.addEventListener('mouseenter', () => hoverMap(s));
        cell.addEventListener('click', () => { selectTab('analyse'); setPosition(s.fen); });
      }
      grid.append(cell);
    }
  }
  const side = m.pawn_colour === 'white' ? 'black' : 'white';
  const theirs = lost ? `, ${lost} won by ${side}` : '';
  $('map-summary').textContent =
    `The ${side} king's squares, ${m.side} to move: ${won} won by ${m.pawn_colour}, ${drawn} drawn${theirs}; ` +
    `the rules' verdict is wrong on ${wrong}.`;
}

async function hoverMap(s) {
  let a = state.mapCache.get(s.fen);
  if (!a) {
    try {
      a = await api(`/api/analyse?${query({ fen: s.fen })}`);
    } catch (e) {
      $('map-hover').textContent = `pecp: ${e.message}`;
      return;
    }
    state.mapCache.set(s.fen, a);
  }
  $('map-hover').textContent = `${s.square}: ${a.explanation.sentence}`;
}

// --------------------------------------------------------------- practice

function renderPracticeIdle() {
  $('practice-side').value = turnOf(state.fen);
  $('practice-status').textContent =
    'Take a side and play it out (if it is not to move, the opponent begins): the opponent ' +
    'resists as well as it can, and every move that throws the value away is shown with its refutation.';
}

async function startPractice() {
  const side = $('practice-side').value;
  const p = {
    side,
    opponent: $('practice-opponent').value,
    start: state.fen,
    fen: state.fen,
    history: [],
    moves: 0,
    mistakes: 0,
    optimum: null,
    seen: new Map(),
  };
  state.practice = p;
  state.orientation = side;
  remember(p, p.fen);
  $('practice-moves').replaceChildren();
  $('practice-feedback').replaceChildren();
  $('practice-summary').textContent = '';
  $('practice-back').disabled = true;
  try {
    const best = await api(`/api/line?${query({ fen: p.start, players: 'perfect' })}`);
    p.optimum = { moves: best.plies.filter((x) => x.side === side).length, result: best.result };
  } catch (e) {
    p.optimum = null;
  }
  if (turnOf(p.fen) !== side) {
    // The opponent begins.
    let r;
    try {
      r = await post('/api/reply', { fen: p.fen, opponent: p.opponent });
    } catch (e) {
      $('practice-status').textContent = `pecp: ${e.message}`;
      return;
    }
    const item = document.createElement('li');
    item.textContent = `… ${r.reply.san}`;
    $('practice-moves').append(item);
    feedback('reply', `The opponent begins: ${r.reply.sentence}`);
    p.fen = r.fen;
    p.lastMove = [r.reply.uci.slice(0, 2), r.reply.uci.slice(2, 4)];
    remember(p, p.fen);
    if (r.over) return practiceOver(r.over);
  }
  await practiceTurn();
}

async function practiceTurn() {
  const p = state.practice;
  const a = await api(`/api/analyse?${query({ fen: p.fen })}`);
  state.analysis = a;
  showBoard(p.fen, a, { lastMove: p.lastMove });
  $('practice-status').textContent = `${p.side === 'white' ? 'White' : 'Black'} to move: your turn.`;
}

function feedback(kind, text) {
  const line = document.createElement('p');
  line.className = kind;
  line.textContent = text;
  $('practice-feedback').append(line);
}

async function practiceMove(uci) {
  const p = state.practice;
  let r;
  try {
    r = await post('/api/move', { fen: p.fen, move: uci, opponent: p.opponent });
  } catch (e) {
    showError(e.message);
    showBoard(p.fen, state.analysis);
    return;
  }
  p.history.push({ fen: p.fen, moves: p.moves, mistakes: p.mistakes, seen: new Map(p.seen) });
  p.moves++;
  $('practice-feedback').replaceChildren();
  const item = document.createElement('li');
  item.textContent = r.played.san + (r.reply ? ` ${r.reply.san}` : '');
  if (r.keeps_value) {
    feedback('good', `✓ ${r.played.sentence}`);
  } else {
    p.mistakes++;
    item.className = 'mistake';
    feedback('bad', `✗ A mistake: ${r.played.sentence}`);
    if (r.refutation) {
      // No reply after a stalemate: the sentence alone refutes the move.
      const line = r.refutation.san
        ? [r.refutation.san + '!', ...r.refutation.line.slice(1)].join(' ') + ': '
        : '';
      feedback('refutation', `Refutation: ${line}${r.refutation.sentence}`);
    }
    if (r.better) feedback('hint', `PECP would play ${r.better}.`);
  }
  $('practice-moves').append(item);
  if (r.reply) feedback('reply', `The reply: ${r.reply.sentence}`);
  $('practice-back').disabled = false;
  p.fen = r.fen;
  const move = r.reply ? r.reply.uci : r.played.uci;
  p.lastMove = [move.slice(0, 2), move.slice(2, 4)];
  if (r.over) return practiceOver(r.over);
  const drawn = remember(p, r.played.fen) || remember(p, r.fen);
  if (drawn) return practiceOver({ result: '1/2-1/2', reason: drawn });
  await practiceTurn();
}

/// Counts a position of the game; the draw it brings, if any: the third
/// time the same position comes, or a hundred half-moves without a pawn
/// move or a capture.
function remember(p, fen) {
  const f = fen.split(' ');
  const key = f.slice(0, 4).join(' ');
  const times = (p.seen.get(key) || 0) + 1;
  p.seen.set(key, times);
  if (times >= 3) return 'threefold repetition';
  if (Number(f[4]) >= 100) return 'the fifty-move rule';
  return null;
}

function practiceOver(over) {
  const p = state.practice;
  showBoard(p.fen, null, { movable: false, lastMove: p.lastMove });
  $('practice-status').textContent = `The game is over: ${over.result} (${over.reason}).`;
  let text = `You played ${p.moves} moves with ${p.mistakes} mistake${p.mistakes === 1 ? '' : 's'}.`;
  if (p.optimum) {
    text += ` Perfect play from the start: ${p.optimum.moves} moves, ${p.optimum.result}.`;
  }
  $('practice-summary').textContent = text;
}

async function takeBack() {
  const p = state.practice;
  if (!p || p.history.length === 0) return;
  const last = p.history.pop();
  p.fen = last.fen;
  p.moves = last.moves;
  p.mistakes = last.mistakes;
  p.seen = last.seen;
  p.lastMove = undefined;
  $('practice-moves').lastElementChild?.remove();
  $('practice-feedback').replaceChildren();
  $('practice-summary').textContent = '';
  $('practice-back').disabled = p.history.length === 0;
  await practiceTurn();
}

// ------------------------------------------------------------------- line

async function playLine() {
  $('line-say').textContent = 'Playing…';
  try {
    state.line = await api(`/api/line?${query({ fen: state.fen })}`);
  } catch (e) {
    $('line-say').textContent = `pecp: ${e.message}`;
    return;
  }
  $('line-pgn').href = `/api/line?${query({ fen: state.fen, format: 'pgn' })}`;
  const list = $('line-moves');
  list.replaceChildren();
  state.line.plies.forEach((ply, i) => {
    const item = document.createElement('li');
    const number = ply.side === 'white' ? `${ply.move_number}.` : `${ply.move_number}...`;
    item.textContent = `${number} ${ply.san}`;
    item.addEventListener('click', () => showPly(i + 1));
    list.append(item);
  });
  showPly(0);
}

function showPly(k) {
  const line = state.line;
  if (!line) return;
  state.lineAt = Math.max(0, Math.min(k, line.plies.length));
  const ply = line.plies[state.lineAt - 1];
  const fen = ply ? ply.fen : line.start_fen;
  const lastMove = ply ? [ply.uci.slice(0, 2), ply.uci.slice(2, 4)] : undefined;
  showBoard(fen, null, { movable: false, lastMove });
  [...$('line-moves').children].forEach((li, i) => li.classList.toggle('current', i === state.lineAt - 1));
  $('line-say').textContent = ply
    ? `${ply.explanation.sentence}`
    : `The start. The line ends: ${line.result} (${line.termination}).`;
}

// ------------------------------------------------------------------- tabs

function selectTab(name) {
  state.tab = name;
  for (const b of document.querySelectorAll('[role=tab]')) {
    b.setAttribute('aria-selected', String(b.dataset.tab === name));
  }
  for (const t of document.querySelectorAll('.tab')) t.hidden = t.id !== `tab-${name}`;
  if (name === 'analyse' && state.analysis) {
    setPosition(state.fen);
  } else if (name === 'map') {
    showBoard(state.fen, null, { movable: false });
    loadMap();
  } else if (name === 'practice') {
    state.practice = null;
    renderPracticeIdle();
    showBoard(state.fen, null, { movable: false });
  } else if (name === 'line') {
    state.line = null;
    $('line-moves').replaceChildren();
    $('line-say').textContent = '';
    showBoard(state.fen, null, { movable: false });
  }
}

// ------------------------------------------------------------------ setup

function init() {
  const select = $('classics');
  const first = document.createElement('option');
  first.textContent = 'Classic positions…';
  first.value = '';
  select.append(first);
  for (const [name, fen] of CLASSICS) {
    const o = document.createElement('option');
    o.textContent = name;
    o.value = fen;
    select.append(o);
  }
  select.addEventListener('change', () => {
    if (select.value) setPosition(select.value);
  });
  $('set').addEventListener('click', () => setPosition($('fen').value));
  $('fen').addEventListener('keydown', (e) => {
    if (e.key === 'Enter') setPosition($('fen').value);
  });
  $('flip').addEventListener('click', () => {
    state.orientation = state.orientation === 'white' ? 'black' : 'white';
    ground.set({ orientation: state.orientation });
    if (state.tab === 'map') loadMap();
  });
  $('turn').addEventListener('click', () => {
    const f = state.fen.split(' ');
    f[1] = f[1] === 'w' ? 'b' : 'w';
    f[3] = '-';
    setPosition(f.join(' '));
  });
  $('edit').addEventListener('change', () => showBoard(state.fen, state.analysis));
  for (const b of document.querySelectorAll('[role=tab]')) {
    b.addEventListener('click', () => selectTab(b.dataset.tab));
  }
  $('practice-start').addEventListener('click', startPractice);
  $('practice-back').addEventListener('click', takeBack);
  $('line-play').addEventListener('click', playLine);
  $('line-first').addEventListener('click', () => showPly(0));
  $('line-prev').addEventListener('click', () => showPly(state.lineAt - 1));
  $('line-next').addEventListener('click', () => showPly(state.lineAt + 1));
  $('line-last').addEventListener('click', () => showPly(Infinity));
  const given = new URLSearchParams(location.search).get('fen');
  setPosition(given || state.fen);
}

init();

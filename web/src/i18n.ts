// The page's words in English and Chinese: the browser's language first, the switch after.

export type Lang = 'en' | 'zh';

const zh: Record<string, string> = {
  Play: '对弈',
  Analysis: '分析',
  Review: '复盘',
  Puzzles: '谜题',
  'New game': '新对局',
  'You play': '执',
  Red: '红方',
  Black: '黑方',
  Level: '级别',
  'Start FEN (optional)': '起始局面 FEN（可选）',
  Start: '开始',
  'Take back': '悔棋',
  Hint: '提示',
  'Offer draw': '提和',
  Resign: '认输',
  Flip: '翻转',
  'Download PGN': '下载 PGN',
  'Move (ICCS, Chinese or WXF)': '着法（ICCS、中文或 WXF）',
  'Red to move': '红方走棋',
  'Black to move': '黑方走棋',
  'Chuhan is thinking…': '楚汉思考中…',
  'Your move': '请走棋',
  Opening: '开局',
  Lines: '线路',
  Depth: '深度',
  'Set': '设置',
  Copy: '复制',
  'Game file': '棋谱文件',
  'Drop a game file here or choose one': '将棋谱文件拖到这里，或选择文件',
  'Seconds per move': '每步秒数',
  Analyse: '分析',
  Stop: '停止',
  'Connection lost: reload the page': '连接已断开，请刷新页面',
  '1-0': '红胜',
  '0-1': '黑胜',
  '1/2-1/2': '和棋',
  checkmate: '将死',
  stalemate: '困毙',
  'perpetual-check': '长将',
  'perpetual-chase': '长捉',
  repetition: '重复局面',
  'move-limit': '自然限着',
  material: '双方无进攻子力',
  resignation: '认输',
  agreement: '议和',
  other: '其他',
  Notation: '记谱',
  Book: '开局库',
  'Endgame tables': '残局库',
  Games: '局数',
  Score: '得分',
  Draws: '和棋率',
  Glyphs: '字体',
  Traditional: '繁体',
  Simplified: '简体',
  Language: '语言',
  time: '超时',
  Clock: '用时',
  'No clock': '不计时',
  Editor: '摆棋',
  'Position editor': '摆棋',
  'Start position': '初始局面',
  Clear: '清空',
  Remove: '移除',
  'Drag pieces': '拖动棋子',
  'Play from here': '从此局面对弈',
  'The file is too large (at most 4 MB)': '文件过大（最大 4 MB）',
  'The book is too large (at most 16 MB)': '开局库过大（最大 16 MB）',
  'Book file': '开局库文件',
  'Choose file': '选择文件',
  'Default book': '默认开局库',
  Scores: '评分',
  "Red's side": '红方视角',
  'Side to move': '走棋方视角',
  Sound: '声音',
  On: '开',
  Off: '关',
  Keyboard: '快捷键',
  'Previous / next move': '上一步 / 下一步',
  'Previous / next variation (analysis)': '上一个 / 下一个变着（分析）',
  'First / last move': '第一步 / 最后一步',
  'Flip the board': '翻转棋盘',
  "Play the engine's move (analysis)": '走引擎的着法（分析）',
  'Engine on / off (analysis)': '开 / 关引擎（分析）',
  'Show / hide the keys': '显示 / 隐藏快捷键',
  Close: '关闭',
  'Engine off': '引擎已关闭',
};

let lang: Lang = (localStorage.getItem('chuhan.lang') as Lang) || (navigator.language.startsWith('zh') ? 'zh' : 'en');

export function getLang(): Lang {
  return lang;
}

export function setLang(l: Lang): void {
  lang = l;
  localStorage.setItem('chuhan.lang', l);
}

/** The word in the page's language (English is the key). */
export function t(key: string): string {
  return lang === 'zh' ? (zh[key] ?? key) : key;
}

// The page's language: index.html's static texts in Chinese (the English is the page's
// own, read from it at start), the English / 中文 switch, and the language a visit starts
// in: the link's &lang=, else the one chosen before (remembered), else the browser's.

import {
  LANGUAGES,
  chooseLanguage,
  language,
  onLanguage,
  readEnglish,
  register,
  setLanguage,
  storedLanguage,
  translate,
} from "./i18n.js";

register({
  zh: {
    "page.title": "npuzzle：滑块拼图",
    "page.tagline": "把方块滑回原位，或者让求解器找出最短的走法。",
    "page.language": "语言",
    "page.puzzle": "拼图",
    "page.moves": "步数：",
    "page.time": "用时：",
    "page.zoom": "缩放",
    "page.zoom_out": "缩小",
    "page.zoom_fit": "适应",
    "page.zoom_in": "放大",
    "page.keys_board": "在棋盘上，回车键或空格键滑动有焦点的方块；Shift+方向键、Home 和 End 移动焦点。",
    "page.game": "游戏",
    "page.shuffle": "打乱",
    "page.undo": "撤销",
    "page.redo": "重做",
    "page.reset": "重置",
    "page.share": "分享",
    "page.solver": "求解器",
    "page.solve": "求解",
    "page.hint": "提示",
    "page.cancel": "取消",
    "page.playback": "播放",
    "page.back": "后退",
    "page.step": "单步",
    "page.speed": "速度",
    "page.speed_label": "播放速度（每秒 1 到 2048 步，每格加倍）",
    "page.tried": "求解器尝试了什么",
    "page.blank_moves": "空格走法：",
    "page.tiles": "移动的方块：",
    "page.share_link": "这个棋盘的链接",
    "page.size": "尺寸",
    "page.width": "宽度",
    "page.height": "高度",
    "page.use": "使用",
    "page.wrap": "环绕",
    "page.wrap_none": "无",
    "page.wrap_all": "环面（所有行和列）",
    "page.wrap_004": "5x5，中间一行和一列",
    "page.wrap_custom": "其他（来自链接或编辑器）",
    "page.help":
      "点击空格所在行或列中的方块即可把它（连同中间的方块）滑过去，也可以用方向键或滑动手势。用键盘时，棋盘只占一个 Tab 位置：回车键或空格键滑动有焦点的方块，Shift+方向键把焦点移到相邻的方块，Home 和 End 移到这一行的两端，Ctrl+Home 和 Ctrl+End 移到棋盘的两个角。",
    "page.editor": "输入棋盘",
    "page.edit_board": "棋盘",
    "page.edit_board_hint": "（棋盘编号如 3x3:8,1,3,4,0,2,7,6,5，或逐行写数字，0 或 _ 表示空格）",
    "page.edit_goal": "目标",
    "page.edit_goal_hint": "（留空：1, 2, 3, …，空格在最后）",
    "page.edit_wrap": "环绕的行和列",
    "page.edit_wrap_hint": "（如 r2,c2，从 0 数起，或 all）",
    "page.use_board": "使用这个棋盘",
    "page.options": "求解选项",
    "page.strategy": "策略",
    "page.strategy_auto": "自动：能完成时求最优解，否则给出几秒内找到的最好解",
    "page.strategy_optimal": "最优（大棋盘可能很久）",
    "page.strategy_weighted": "近似最优（加权 IDA*，至多 2 倍）",
    "page.strategy_constructive": "快速（逐行构造，任意尺寸）",
    "page.strategy_help":
      "最优：证明不存在更短的解，但可能很慢；近似最优：多走几步换取速度；快速：任意尺寸都能逐行解出。",
    "page.algorithm": "算法",
    "page.algorithm_hint": "（用于最优搜索）",
    "page.algorithm_idastar": "IDA*（迭代加深 A*，占内存少）",
    "page.algorithm_astar": "A*（快，占内存多）",
    "page.algorithm_help":
      "A* 记住见过的每个棋盘（每个只扩展一次，但内存不断增长）；IDA* 只记住当前路径，每加深一轮都要重新扩展。",
    "page.heuristic": "启发函数",
    "page.heuristic_hint": "（选择一个即要求最优搜索）",
    "page.heuristic_best": "最好的可用启发函数（4x4 用模式数据库）",
    "page.heuristic_lc": "曼哈顿距离 + 线性冲突",
    "page.heuristic_manhattan": "曼哈顿距离",
    "page.heuristic_misplaced": "错位数（不在位棋子数）",
    "page.heuristic_help":
      "求解器对剩余步数的估计：错位数统计不在目标位置的方块；曼哈顿距离累加每个方块离目标的行数和列数；线性冲突对同在目标行列但顺序颠倒的每一对再加 2；模式数据库查表得到几组方块的确切代价。",
    "page.time_limit": "时间上限",
    "page.time_default": "默认（4x4 及更小最多一分钟；其他 4 秒，5x5 为 8 秒）",
    "page.s2": "2 秒",
    "page.s10": "10 秒",
    "page.s30": "30 秒",
    "page.s60": "60 秒",
    "page.time_help": "求解器在给出目前最好的解之前搜索多久（最优搜索到此停止）。",
    "page.hint_mode": "提示",
    "page.workers": "工作线程",
    "page.workers_default": "默认（按核心数和内存，最多 4 个）",
    "page.workers_help":
      "较长的最优搜索把工作分给这么多个求解线程（每个线程加载一份 Python，约 100-150 MB）；链接里可以用 &workers=N 指定。",
    "page.hint_make": "直接走这一步",
    "page.hint_show": "只显示这一步（方块高亮）",
    "page.hint_help": "提示给出最短路径上的一步，在 2 秒内找到（来不及证明时给出找到的最好一步）。",
    "page.lab": "学习实验室：比较搜索算法、单步执行、查看启发函数",
    "page.skip": "跳到操作",
    "page.h_board": "棋盘",
    "page.h_actions": "操作",
    "page.h_size": "尺寸和图片",
    "page.h_coach": "教练和纪录",
    "page.h_tools": "更多工具",
    "page.h_lab": "学习实验室",
    "page.footer": "由在你的浏览器中运行的 npuzzle Python 包求解（Web Worker 中的 Pyodide）。不会发送任何数据。",
  },
});

// What a link says when it describes no board (address.js's codes; Python's are in messages.json).
register({
  en: {
    "link.bad": "This link does not describe a board: {error}. Showing a new puzzle instead.",
    "link.in": "in {key}=, {error}",
    "link.unreadable": "the link's {key} is not readable text",
    "link.twice": "the link gives {key} twice",
    "link.no_board": "the link has no board (id=...)",
    "link.lab_view": "unknown lab view '{view}': choose compare, study or step",
    "link.names": "'{text}' is not a list of names like astar,idastar",
    "link.positive": "'{text}' is not a positive number",
    "link.copied": "Link copied.",
    "link.copy": "Copy the link below to share this board.",
  },
  zh: {
    "link.bad": "这个链接没有描述一个棋盘：{error}。改为显示一个新拼图。",
    "link.in": "{key}= 中，{error}",
    "link.unreadable": "链接中的 {key} 不是可读的文字",
    "link.twice": "链接给了两次 {key}",
    "link.no_board": "链接中没有棋盘（id=...）",
    "link.lab_view": "未知的实验室视图 '{view}'：可选 compare、study 或 step",
    "link.names": "'{text}' 不是形如 astar,idastar 的名称列表",
    "link.positive": "'{text}' 不是正数",
    "link.copied": "链接已复制。",
    "link.copy": "复制下面的链接来分享这个棋盘。",
  },
});

/**
 * Start in the language chosen (link, remembered, browser) and connect the switch.
 * `changed(lang)` is told after a switch by the person (so the address can carry it).
 * @param {{link?: string | null, changed?: (lang: string) => void}} [o]
 */
export function startLanguage({ link = null, changed = () => {} } = {}) {
  readEnglish(document);
  onLanguage(() => {
    translate();
    for (const lang of LANGUAGES)
      document.getElementById(`lang-${lang}`).setAttribute("aria-pressed", String(language() === lang));
  });
  for (const lang of LANGUAGES) {
    document.getElementById(`lang-${lang}`).addEventListener("click", () => {
      if (lang === language()) return;
      changed(lang); // first: the address written as the page redraws carries it
      setLanguage(lang, { remember: true });
    });
  }
  setLanguage(chooseLanguage({ link, stored: storedLanguage(), browser: navigator.languages || [navigator.language] }));
}

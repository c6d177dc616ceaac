/**
 * Keyword tables for prompt analysis. Each entry is a space-separated list of tags:
 *   c:<colour>   a colour from NAMED_COLORS        t:<time>  an explicit time of day
 *   t?:<time>    a time implied by a subject        s:<id>    a subject id
 *   m:<mood>     a mood                              x         the user wants a cut-out / transparency
 *   -            a compound that must NOT match its shorter keywords (e.g. 黄昏 is dusk, not yellow)
 * Tables are data so that adding vocabulary never touches the matching code.
 */
export const EN_WORDS: Record<string, string> = {
  // colours
  red: 'c:red', crimson: 'c:crimson', scarlet: 'c:scarlet', maroon: 'c:maroon', burgundy: 'c:maroon',
  ruby: 'c:crimson', orange: 'c:orange', coral: 'c:coral', peach: 'c:peach', amber: 'c:amber',
  yellow: 'c:yellow', golden: 'c:gold m:warm', gold: 'c:gold', green: 'c:green', lime: 'c:lime',
  olive: 'c:olive', emerald: 'c:emerald', jade: 'c:emerald', mint: 'c:mint', teal: 'c:teal',
  cyan: 'c:cyan', aqua: 'c:turquoise', turquoise: 'c:turquoise', blue: 'c:blue', azure: 'c:azure',
  navy: 'c:navy', sapphire: 'c:sapphire', cobalt: 'c:sapphire', indigo: 'c:indigo', purple: 'c:purple',
  violet: 'c:violet', lavender: 'c:lavender', lilac: 'c:lavender', magenta: 'c:magenta',
  fuchsia: 'c:magenta', pink: 'c:pink', white: 'c:white', ivory: 'c:ivory', cream: 'c:cream',
  beige: 'c:beige', tan: 'c:tan', brown: 'c:brown', chocolate: 'c:brown', black: 'c:black',
  gray: 'c:gray', grey: 'c:gray', silver: 'c:silver',
  // time of day
  day: 't:day', daytime: 't:day', noon: 't:day', midday: 't:day', sunny: 't:day s:sun', morning: 't:day',
  afternoon: 't:day', sunshine: 't:day s:sun', sunlight: 't:day s:sun',
  sunset: 't:dusk s:sun', dusk: 't:dusk', twilight: 't:dusk', evening: 't:dusk', sundown: 't:dusk s:sun',
  sunrise: 't:dawn s:sun', dawn: 't:dawn', daybreak: 't:dawn',
  night: 't:night', nighttime: 't:night', midnight: 't:night', nocturnal: 't:night', starry: 't:night s:stars',
  moon: 's:moon t?:night', moonlight: 's:moon t:night', moonlit: 's:moon t:night', lunar: 's:moon t?:night',
  crescent: 's:moon t?:night', star: 's:stars t?:night', galaxy: 's:stars t:night', milky: 's:stars t:night',
  constellation: 's:stars t:night', cosmos: 's:stars t:night', space: 's:stars t?:night', nebula: 's:stars t:night m:neon',
  // subjects
  sun: 's:sun', mountain: 's:mountain', peak: 's:mountain', alps: 's:mountain s:snow', volcano: 's:mountain',
  sea: 's:sea', ocean: 's:sea', wave: 's:sea', seascape: 's:sea', coast: 's:sea s:beach',
  beach: 's:beach s:sea', shore: 's:beach s:sea', seaside: 's:beach s:sea', island: 's:sea s:beach s:tree',
  tropical: 's:beach s:sea s:tree m:warm', lake: 's:lake', pond: 's:lake', river: 's:lake', waterfall: 's:mountain s:lake',
  forest: 's:forest', wood: 's:forest', woods: 's:forest', jungle: 's:forest', pine: 's:forest', woodland: 's:forest',
  tree: 's:tree', oak: 's:tree', palm: 's:tree', city: 's:city', skyline: 's:city', town: 's:city s:house',
  metropolis: 's:city', urban: 's:city', building: 's:city', skyscraper: 's:city', street: 's:city',
  downtown: 's:city', village: 's:house s:meadow', desert: 's:desert', dune: 's:desert', sahara: 's:desert m:warm',
  cactus: 's:desert', snow: 's:snow m:cool', snowy: 's:snow m:cool', snowflake: 's:snow m:cool',
  winter: 's:snow m:cool', rain: 's:rain', rainy: 's:rain', storm: 's:rain m:dark', stormy: 's:rain m:dark',
  flower: 's:flower', rose: 's:flower', tulip: 's:flower', blossom: 's:flower', bloom: 's:flower',
  daisy: 's:flower', sunflower: 's:flower', lotus: 's:flower', garden: 's:flower s:meadow', floral: 's:flower',
  bouquet: 's:flower', meadow: 's:meadow', field: 's:meadow', grass: 's:meadow', grassland: 's:meadow',
  prairie: 's:meadow', hill: 's:meadow', valley: 's:meadow s:mountain', landscape: 's:meadow s:mountain',
  scenery: 's:meadow s:mountain', countryside: 's:meadow s:house', nature: 's:meadow s:tree', park: 's:meadow s:tree',
  cloud: 's:cloud', cloudy: 's:cloud', sky: 's:cloud', cat: 's:cat', kitten: 's:cat', kitty: 's:cat',
  bird: 's:bird', eagle: 's:bird', seagull: 's:bird', gull: 's:bird', dove: 's:bird', crow: 's:bird',
  sparrow: 's:bird', house: 's:house', home: 's:house', cottage: 's:house', cabin: 's:house', hut: 's:house',
  castle: 's:castle', palace: 's:castle', fortress: 's:castle', kingdom: 's:castle', boat: 's:boat',
  ship: 's:boat', sailboat: 's:boat', yacht: 's:boat', sail: 's:boat', heart: 's:heart', love: 's:heart',
  valentine: 's:heart', balloon: 's:balloon', dog: 's:dog', puppy: 's:dog', fish: 's:fish',
  butterfly: 's:butterfly', butterflies: 's:butterfly', rainbow: 's:rainbow',
  // moods
  cyberpunk: 'm:neon t?:night s:city', neon: 'm:neon', synthwave: 'm:neon', vaporwave: 'm:neon',
  futuristic: 'm:neon', pastel: 'm:pastel', cute: 'm:pastel', kawaii: 'm:pastel', dreamy: 'm:pastel',
  soft: 'm:pastel', whimsical: 'm:pastel', gloomy: 'm:dark', spooky: 'm:dark', horror: 'm:dark',
  creepy: 'm:dark', moody: 'm:dark', sinister: 'm:dark', halloween: 'm:dark t?:night', warm: 'm:warm',
  cozy: 'm:warm', autumn: 'm:warm', fall: 'm:warm', cold: 'm:cool', cool: 'm:cool', icy: 'm:cool',
  frozen: 'm:cool s:snow', ice: 'm:cool',
  // cut-outs
  logo: 'x', icon: 'x', sticker: 'x', emblem: 'x', badge: 'x', transparent: 'x', cutout: 'x',
  clipart: 'x', mascot: 'x',
};

/** Words that recolour the colour word right after them ("light blue", "dark red"). */
export const EN_SHADES: Record<string, number> = { light: 0.4, pale: 0.5, bright: 0.15, dark: -0.45, deep: -0.35 };

export const ZH_WORDS: Record<string, string> = {
  // colours (longest match wins, so compounds listed here override their single characters)
  红: 'c:red', 红色: 'c:red', 火红: 'c:scarlet', 酒红: 'c:maroon', 紫红: 'c:magenta', 玫红: 'c:magenta',
  洋红: 'c:magenta', 品红: 'c:magenta', 橙: 'c:orange', 橘: 'c:orange', 黄: 'c:yellow', 金黄: 'c:gold',
  绿: 'c:green', 翠绿: 'c:emerald', 墨绿: 'c:emerald', 青: 'c:teal', 蓝: 'c:blue', 天蓝: 'c:skyblue',
  湖蓝: 'c:azure', 藏青: 'c:navy', 藏蓝: 'c:navy', 深蓝: 'c:navy', 紫: 'c:purple', 粉: 'c:pink', 粉红: 'c:pink',
  白: 'c:white', 雪白: 'c:white', 黑: 'c:black', 灰: 'c:gray', 棕: 'c:brown', 褐: 'c:brown',
  咖啡色: 'c:brown', 金: 'c:gold', 金色: 'c:gold', 银: 'c:silver', 米色: 'c:beige', 米白: 'c:ivory',
  // compounds that contain a colour character but mean something else
  黄昏: 't:dusk', 白天: 't:day', 白日: 't:day', 明白: '-', 黑夜: 't:night', 青春: '-', 青蛙: '-',
  银河: 's:stars t:night', 金字塔: 's:desert', 白云: 's:cloud', 蓝天: 's:cloud t?:day', 黄金: 'c:gold',
  金鱼: 'c:gold s:fish', 红心: 'c:red s:heart', 白雪: 's:snow m:cool', 灰尘: '-', 紫禁城: 's:castle',
  // time of day
  白昼: 't:day', 中午: 't:day', 正午: 't:day', 阳光: 't:day s:sun', 晴: 't:day', 上午: 't:day', 下午: 't:day',
  日落: 't:dusk s:sun', 落日: 't:dusk s:sun', 夕阳: 't:dusk s:sun', 傍晚: 't:dusk', 晚霞: 't:dusk s:cloud',
  日出: 't:dawn s:sun', 朝阳: 't:dawn s:sun', 旭日: 't:dawn s:sun', 黎明: 't:dawn', 拂晓: 't:dawn',
  清晨: 't:dawn', 破晓: 't:dawn', 早晨: 't?:dawn',
  夜: 't:night', 晚上: 't:night', 午夜: 't:night', 星空: 's:stars t:night', 夜空: 's:stars t:night',
  星: 's:stars t?:night', 明星: '-', 星期: '-', 月亮: 's:moon t?:night', 月光: 's:moon t:night',
  明月: 's:moon t?:night', 月: 's:moon t?:night', 岁月: '-', 个月: '-', 月份: '-', 宇宙: 's:stars t:night',
  // subjects
  太阳: 's:sun', 山: 's:mountain', 雪山: 's:mountain s:snow m:cool', 火山: 's:mountain', 山水: 's:mountain s:lake',
  风景: 's:meadow s:mountain', 景色: 's:meadow s:mountain', 海: 's:sea', 海边: 's:beach s:sea',
  海滩: 's:beach s:sea', 沙滩: 's:beach s:sea', 上海: 's:city', 岛: 's:sea s:beach s:tree', 湖: 's:lake',
  河: 's:lake', 江: 's:lake', 瀑布: 's:mountain s:lake', 森林: 's:forest', 树林: 's:forest',
  丛林: 's:forest', 竹林: 's:forest', 松: 's:forest', 树: 's:tree', 城市: 's:city', 都市: 's:city',
  城: 's:city', 街: 's:city', 楼: 's:city', 沙漠: 's:desert', 沙丘: 's:desert', 仙人掌: 's:desert',
  雪: 's:snow m:cool', 冬: 's:snow m:cool', 雨: 's:rain', 暴风雨: 's:rain m:dark', 花: 's:flower',
  樱花: 's:flower c:pink', 玫瑰: 's:flower', 荷: 's:flower', 向日葵: 's:flower', 花园: 's:flower s:meadow',
  草: 's:meadow', 草地: 's:meadow', 草原: 's:meadow', 田野: 's:meadow', 原野: 's:meadow', 乡村: 's:meadow s:house',
  云: 's:cloud', 天空: 's:cloud', 猫: 's:cat', 鸟: 's:bird', 鹰: 's:bird', 燕子: 's:bird', 鸽: 's:bird',
  海鸥: 's:bird s:sea', 房子: 's:house', 房屋: 's:house', 小屋: 's:house', 屋: 's:house', 村庄: 's:house s:meadow',
  城堡: 's:castle', 宫殿: 's:castle', 船: 's:boat', 帆: 's:boat', 爱心: 's:heart', 心形: 's:heart',
  桃心: 's:heart', 颗心: 's:heart', 爱: 's:heart', 气球: 's:balloon', 狗: 's:dog', 鱼: 's:fish',
  蝴蝶: 's:butterfly', 彩虹: 's:rainbow',
  // moods
  赛博朋克: 'm:neon t?:night s:city', 霓虹: 'm:neon', 蒸汽波: 'm:neon', 科幻: 'm:neon', 未来: 'm:neon',
  粉彩: 'm:pastel', 马卡龙: 'm:pastel', 柔和: 'm:pastel', 梦幻: 'm:pastel', 可爱: 'm:pastel', 童话: 'm:pastel',
  黑暗: 'm:dark', 阴暗: 'm:dark', 恐怖: 'm:dark', 阴森: 'm:dark', 暗黑: 'm:dark', 阴郁: 'm:dark',
  温暖: 'm:warm', 暖: 'm:warm', 秋: 'm:warm', 寒: 'm:cool', 冷: 'm:cool', 冰: 'm:cool',
  // cut-outs
  透明: 'x', 贴纸: 'x', 图标: 'x', 标志: 'x', 徽标: 'x', 徽章: 'x', 标识: 'x', 抠图: 'x', 无背景: 'x',
};

/** Characters that recolour the colour right after them (浅蓝 = light blue, 深红 = dark red). */
export const ZH_SHADES: Record<string, number> = { 浅: 0.4, 淡: 0.5, 亮: 0.15, 深: -0.45, 暗: -0.35 };

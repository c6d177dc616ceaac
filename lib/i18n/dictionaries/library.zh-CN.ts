import type { LibraryDictionary } from './library.en';

/** 作品库的简体中文文案（与 library.en.ts 一一对应）。 */
export const libraryZhCN: LibraryDictionary = {
  title: '作品库',
  description: '团队的全部成果：编辑结果、对比图片和视频，最新的在前。',
  count: '{n} 个成果',
  kinds: { edit: '编辑', comparison: '对比图片', video: '视频' },
  saving: '保存中…',
  unsaved: '未保存',
  unsavedHint: '服务端的文件未能保存；在服务仍保留期间，可从其页面打开。',
  favorite: '收藏',
  by: '{name}',
  open: '打开{kind}',
  older: '显示更早的成果',
  loading: '正在加载更早的成果…',
  loadFailed: '更早的成果加载失败。',
  retry: '重试',
  end: '团队的全部成果都在这里了。',
  pages: '作品库分页',
  newest: '回到最新',
  start: { edit: '编辑图片', compare: '对比模型', videos: '生成视频' },
};

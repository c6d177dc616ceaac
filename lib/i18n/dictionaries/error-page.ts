/**
 * The words of the page shown when the root layout itself fails (app/global-error.tsx): it renders
 * without the dictionary, so it imports these alone; the dictionaries' `common` reads them too.
 */
export const errorPage = {
  'zh-CN': { errorTitle: '出错了', errorLead: '页面没能加载。问题已记录，请重试。', errorRetry: '重试' },
  en: {
    errorTitle: 'Something went wrong',
    errorLead: 'This page could not be loaded. The problem has been logged; please try again.',
    errorRetry: 'Try again',
  },
} as const;

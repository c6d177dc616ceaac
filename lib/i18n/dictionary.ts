import { en } from './dictionaries/en';
import { zhCN } from './dictionaries/zh-CN';
import type { Dictionary, Locale } from './index';

const DICTIONARIES: Record<Locale, Dictionary> = { 'zh-CN': zhCN, en };

/** A locale's whole dictionary: for the server (pages hand it to the browser for one language only). */
export const dictionaryFor = (locale: Locale): Dictionary => DICTIONARIES[locale];

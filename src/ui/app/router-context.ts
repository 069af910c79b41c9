import type { i18n as I18n } from 'i18next';

/** What every route's loader receives: the app's i18next instance, to add its strings to. */
export type RouterContext = { i18n: I18n };

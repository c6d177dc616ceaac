/**
 * Link-preview fetchers and crawlers, by their User-Agent: chat apps and social sites fetch a link
 * the moment it is pasted, so counting them would count the sharing, not the viewing. The fetchers
 * that do not call themselves a bot are named (Facebook's, WhatsApp's, Slack's image proxy, QQ's
 * and WeChat's link checkers, Embedly, Iframely); then anything calling itself a bot, crawler,
 * spider or preview (Twitterbot, Slackbot, LinkedInBot, Discordbot, TelegramBot, Googlebot,
 * bingbot, Baiduspider, Bytespider, …). WeChat's and QQ's in-app browsers are people: counted.
 */
const PREVIEW_BOTS = /facebookexternalhit|facebookcatalog|whatsapp|slack-imgproxy|qq-url-manager|wechat-?share|embedly|iframely|bot|crawler|spider|preview/i;

/** Whether a request comes from a link-preview fetcher or crawler; no User-Agent at all counts as one (browsers always send it). */
export function isPreviewBot(userAgent: string | null | undefined): boolean {
  if (!userAgent?.trim()) return true;
  return PREVIEW_BOTS.test(userAgent);
}

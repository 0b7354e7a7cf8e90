/**
 * Marks a link whose press reloads the page (the language switcher's). A screen that asks before
 * a link takes the reader away (`useLeaveGuard`) lets it through: the browser's own question
 * before unloading covers a reload, and two questions in a row would be one too many.
 */
export const RELOADS_ATTRIBUTE = "data-reloads";

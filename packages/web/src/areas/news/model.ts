/** Spec 2 "News" and 9: fetched once (page 1 of 1000), shown 20 per page in the browser. */
export const NEWS_FETCH_SIZE = 1000;
export const NEWS_PAGE_SIZE = 20;

/** Query keys of the area: invalidating `newsKeys.all` after a change reloads every news list (the home page's too). */
export const newsKeys = {
  all: ['news'] as const,
  list: ['news', 'list', NEWS_FETCH_SIZE] as const,
};

import SearchBox from "../islands/SearchBox.tsx";

/**
 * The course search box of every page's top bar (no URL: the name starts with `_`). A page whose meta says
 * `ownSearchBox` (the search page, the visitor's landing page) leads with its own box, and the top bar shows none.
 */
export default function TopBarSearch() {
  return <SearchBox id="site-search" variant="bar" />;
}

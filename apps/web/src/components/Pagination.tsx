import './pagination.css';

/** Previous / Next paging; `more` marks a capped count ("Page 1 of 500+"), whose last page is not known. */
export function Pagination({
  page,
  totalPages,
  more = false,
  onPage,
}: {
  page: number;
  totalPages: number;
  more?: boolean;
  onPage: (page: number) => void;
}) {
  if (totalPages <= 1 && !more) return null;
  return (
    <nav className="pagination" aria-label="Pages">
      <button className="btn small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {totalPages}
        {more ? '+' : ''}
      </span>
      <button className="btn small" disabled={page >= totalPages && !more} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

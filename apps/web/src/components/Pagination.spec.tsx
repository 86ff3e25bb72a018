import { fireEvent, render, screen } from '@testing-library/react';

import { Pagination } from './Pagination';

describe('Pagination', () => {
  it('stops at the last page of an exact count', () => {
    render(<Pagination page={3} totalPages={3} onPage={() => undefined} />);
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a capped count as "500+" and keeps Next open past it', () => {
    const onPage = jest.fn();
    render(<Pagination page={500} totalPages={500} more onPage={onPage} />);
    expect(screen.getByText('Page 500 of 500+')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(501);
  });
});

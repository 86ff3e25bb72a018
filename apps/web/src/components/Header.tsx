import './header.css';

import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';

import { openQueueBoard } from '../api/queue-board';
import { useSession } from '../session/SessionProvider';
import { ThemeToggle } from '../theme/ThemeToggle';
import { UserName } from './UserName';

/** Brand, navigation and the user menu, whose popover closes on an outside click or Escape. */
export function Header() {
  const { user, isAdmin, logout } = useSession();
  const [open, setOpen] = useState(false);
  // On a phone the navigation folds behind a Menu button (header.css); picking a link folds it again.
  const [navOpen, setNavOpen] = useState(false);
  const closeNav = () => setNavOpen(false);
  const [boardError, setBoardError] = useState<string | null>(null);
  const menu = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const navToggle = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();

  // The phone's unfolded navigation closes on Escape, like the user menu, and gives focus back to its button.
  useEffect(() => {
    if (!navOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setNavOpen(false);
      navToggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navOpen]);

  useEffect(() => {
    if (!open) return;
    const onClick = (e: MouseEvent) => menu.current && !menu.current.contains(e.target as Node) && setOpen(false);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('mousedown', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <header className="header">
      <Link to="/" className="brand">
        Online Judge
      </Link>
      <button
        ref={navToggle}
        className="btn small nav-toggle"
        aria-expanded={navOpen}
        aria-controls="main-nav"
        onClick={() => setNavOpen((o) => !o)}
      >
        Menu
      </button>
      <nav
        id="main-nav"
        aria-label="Main"
        className={navOpen ? 'open' : undefined}
        onClick={(e) => (e.target as HTMLElement).closest('a') && closeNav()}
      >
        <NavLink to="/" end>
          Home
        </NavLink>
        <NavLink to="/problems">Problems</NavLink>
        <NavLink to="/contests">Contests</NavLink>
        <NavLink to="/ratings">Ratings</NavLink>
        {user && <NavLink to="/submissions">Submissions</NavLink>}
        {user && <NavLink to="/dashboard">Dashboard</NavLink>}
        {isAdmin && <NavLink to="/admin/create">Create Problem</NavLink>}
      </nav>
      <div className="session">
        <ThemeToggle />
        {!user ? (
          <>
            <NavLink to="/login">Login</NavLink>
            <NavLink to="/register" className="btn primary small">
              Register
            </NavLink>
          </>
        ) : (
          <div className="menu" ref={menu}>
            <button ref={toggle} className="btn small" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
              <UserName username={user.username} rating={user.rating} link={false} /> ▾
            </button>
            {open && (
              <div className="popover" role="menu">
                <Link role="menuitem" to="/dashboard" onClick={() => setOpen(false)}>
                  Dashboard
                </Link>
                <Link role="menuitem" to="/submissions" onClick={() => setOpen(false)}>
                  Submissions
                </Link>
                <Link role="menuitem" to="/settings" onClick={() => setOpen(false)}>
                  Settings
                </Link>
                {isAdmin && (
                  <Link role="menuitem" to="/admin/users" onClick={() => setOpen(false)}>
                    User Management
                  </Link>
                )}
                {isAdmin && (
                  <Link role="menuitem" to="/similarity-reports" onClick={() => setOpen(false)}>
                    Similarity Reports
                  </Link>
                )}
                {isAdmin && (
                  <button
                    role="menuitem"
                    onClick={() => {
                      setOpen(false);
                      setBoardError(null);
                      openQueueBoard().catch((error: Error) => setBoardError(error.message));
                    }}
                  >
                    Queue Board
                  </button>
                )}
                <button
                  role="menuitem"
                  onClick={() => {
                    setOpen(false);
                    void logout().then(() => navigate('/'));
                  }}
                >
                  Logout
                </button>
              </div>
            )}
            {boardError && (
              <p role="alert" className="error">
                {boardError}
              </p>
            )}
          </div>
        )}
      </div>
    </header>
  );
}

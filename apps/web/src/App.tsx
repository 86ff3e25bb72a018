import { ComponentType, lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';

import { Header } from './components/Header';
import { RouteFocus } from './components/RouteFocus';
import { MAIN_CONTENT_ID, SkipLink } from './components/SkipLink';
import { HomePage } from './pages/HomePage';
import { RequireAuth } from './session/RouteGuards';

/** A route's page in a chunk of its own, so the first screen loads only its own code. */
function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as M[K] & ComponentType }));
}

const AdminUsersPage = lazyPage(() => import('./pages/AdminUsersPage'), 'AdminUsersPage');
const ContestEditorPage = lazyPage(() => import('./pages/ContestEditorPage'), 'ContestEditorPage');
const ContestPage = lazyPage(() => import('./pages/ContestPage'), 'ContestPage');
const ContestProblemPage = lazyPage(() => import('./pages/ContestProblemPage'), 'ContestProblemPage');
const ContestScoreboardPage = lazyPage(() => import('./pages/ContestScoreboardPage'), 'ContestScoreboardPage');
const ContestSimilarityPage = lazyPage(() => import('./pages/ContestSimilarityPage'), 'ContestSimilarityPage');
const ContestsPage = lazyPage(() => import('./pages/ContestsPage'), 'ContestsPage');
const DashboardPage = lazyPage(() => import('./pages/DashboardPage'), 'DashboardPage');
const LoginPage = lazyPage(() => import('./pages/LoginPage'), 'LoginPage');
const ProblemEditorPage = lazyPage(() => import('./pages/ProblemEditorPage'), 'ProblemEditorPage');
const ProblemPage = lazyPage(() => import('./pages/ProblemPage'), 'ProblemPage');
const ProblemsPage = lazyPage(() => import('./pages/ProblemsPage'), 'ProblemsPage');
const RatingsPage = lazyPage(() => import('./pages/RatingsPage'), 'RatingsPage');
const RegisterPage = lazyPage(() => import('./pages/RegisterPage'), 'RegisterPage');
const SettingsPage = lazyPage(() => import('./pages/SettingsPage'), 'SettingsPage');
const SimilarityPairPage = lazyPage(() => import('./pages/SimilarityPairPage'), 'SimilarityPairPage');
const SimilarityReportsPage = lazyPage(() => import('./pages/SimilarityReportsPage'), 'SimilarityReportsPage');
const SimilarityReportPage = lazyPage(() => import('./pages/SimilarityReportPage'), 'SimilarityReportPage');
const SubmissionPage = lazyPage(() => import('./pages/SubmissionPage'), 'SubmissionPage');
const SubmissionsPage = lazyPage(() => import('./pages/SubmissionsPage'), 'SubmissionsPage');
const UserDashboardPage = lazyPage(() => import('./pages/UserDashboardPage'), 'UserDashboardPage');

/** The routes of SPEC 2, and the contests' (issue 21). */
export function App() {
  return (
    <>
      <SkipLink />
      <Header />
      <RouteFocus />
      <main className="main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Suspense
          fallback={
            <p className="muted" aria-busy="true">
              Loading…
            </p>
          }
        >
          <Routes>
            <Route path="/" element={<HomePage />} />
            <Route path="/login" element={<LoginPage />} />
            <Route path="/register" element={<RegisterPage />} />
            <Route path="/problems" element={<ProblemsPage />} />
            <Route path="/problems/:problemId" element={<ProblemPage />} />
            <Route
              path="/problems/:problemId/edit"
              element={
                <RequireAuth>
                  <ProblemEditorPage mode="edit" />
                </RequireAuth>
              }
            />
            <Route path="/contests" element={<ContestsPage />} />
            <Route path="/ratings" element={<RatingsPage />} />
            <Route path="/contests/:contestId" element={<ContestPage />} />
            <Route path="/contests/:contestId/problems/:label" element={<ContestProblemPage />} />
            <Route path="/contests/:contestId/scoreboard" element={<ContestScoreboardPage />} />
            <Route
              path="/contests/:contestId/similarity"
              element={
                <RequireAuth admin>
                  <ContestSimilarityPage />
                </RequireAuth>
              }
            />
            <Route
              path="/similarity-reports"
              element={
                <RequireAuth admin>
                  <SimilarityReportsPage />
                </RequireAuth>
              }
            />
            <Route
              path="/similarity-reports/:reportId"
              element={
                <RequireAuth admin>
                  <SimilarityReportPage />
                </RequireAuth>
              }
            />
            <Route
              path="/similarity-reports/:reportId/pairs/:index"
              element={
                <RequireAuth admin>
                  <SimilarityPairPage />
                </RequireAuth>
              }
            />
            <Route
              path="/contests/:contestId/edit"
              element={
                <RequireAuth admin>
                  <ContestEditorPage mode="edit" />
                </RequireAuth>
              }
            />
            <Route
              path="/admin/contests/new"
              element={
                <RequireAuth admin>
                  <ContestEditorPage mode="create" />
                </RequireAuth>
              }
            />
            <Route
              path="/dashboard"
              element={
                <RequireAuth>
                  <DashboardPage />
                </RequireAuth>
              }
            />
            <Route path="/dashboard/submissions" element={<Navigate to="/submissions" replace />} />
            <Route path="/u/:username" element={<UserDashboardPage />} />
            <Route
              path="/submissions"
              element={
                <RequireAuth>
                  <SubmissionsPage />
                </RequireAuth>
              }
            />
            <Route
              path="/submissions/:submissionId"
              element={
                <RequireAuth>
                  <SubmissionPage />
                </RequireAuth>
              }
            />
            <Route
              path="/settings"
              element={
                <RequireAuth>
                  <SettingsPage />
                </RequireAuth>
              }
            />
            <Route
              path="/admin/create"
              element={
                <RequireAuth admin>
                  <ProblemEditorPage mode="create" />
                </RequireAuth>
              }
            />
            <Route
              path="/admin/users"
              element={
                <RequireAuth admin>
                  <AdminUsersPage />
                </RequireAuth>
              }
            />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </Suspense>
      </main>
    </>
  );
}

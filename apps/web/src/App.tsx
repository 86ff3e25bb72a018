import { Navigate, Route, Routes } from 'react-router-dom';
import { Header } from './components/Header';
import { AdminUsersPage } from './pages/AdminUsersPage';
import { DashboardPage } from './pages/DashboardPage';
import { HomePage } from './pages/HomePage';
import { LoginPage } from './pages/LoginPage';
import { ProblemEditorPage } from './pages/ProblemEditorPage';
import { ProblemPage } from './pages/ProblemPage';
import { ProblemsPage } from './pages/ProblemsPage';
import { RegisterPage } from './pages/RegisterPage';
import { SettingsPage } from './pages/SettingsPage';
import { SubmissionsPage } from './pages/SubmissionsPage';
import { UserDashboardPage } from './pages/UserDashboardPage';
import { RequireAuth } from './session/RouteGuards';

/** The routes of SPEC 2. */
export function App() {
  return (
    <>
      <Header />
      <main className="main">
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/problems" element={<ProblemsPage />} />
          <Route path="/problems/:problemId" element={<ProblemPage />} />
          <Route path="/problems/:problemId/edit" element={<RequireAuth><ProblemEditorPage mode="edit" /></RequireAuth>} />
          <Route path="/dashboard" element={<RequireAuth><DashboardPage /></RequireAuth>} />
          <Route path="/dashboard/submissions" element={<Navigate to="/submissions" replace />} />
          <Route path="/u/:username" element={<UserDashboardPage />} />
          <Route path="/submissions" element={<RequireAuth><SubmissionsPage /></RequireAuth>} />
          <Route path="/settings" element={<RequireAuth><SettingsPage /></RequireAuth>} />
          <Route path="/admin/create" element={<RequireAuth admin><ProblemEditorPage mode="create" /></RequireAuth>} />
          <Route path="/admin/users" element={<RequireAuth admin><AdminUsersPage /></RequireAuth>} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </main>
    </>
  );
}

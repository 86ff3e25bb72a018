/** The home page feeds: announcements and problem updates. */
export interface Announcement {
  id: string;
  title: string;
  body: string;
  pinned: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface ProblemUpdate {
  id: string;
  problemId: number;
  titleSnapshot: string;
  summary: string;
  createdAt: string;
}

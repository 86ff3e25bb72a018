import '../contests.css';

import { MAX_CLARIFICATION_LENGTH } from '@oj/contracts';
import { FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

import { errorMessage } from '../../../api/api-error';
import { shortDate } from '../../../components/format';
import { Markdown } from '../../../components/Markdown';
import { UserName } from '../../../components/UserName';
import { useSession } from '../../../session/SessionProvider';
import { type Clarification, type Contest } from '../api';
import { useAnswerClarification, useClarifications, usePostClarification } from '../hooks/useClarifications';

/** "> " before each line: the question quoted in Markdown, above the answer. */
export function quoted(question: string): string {
  return `${question
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n')}\n\n`;
}

/** What a clarification is about: one of the contest's problems (by label and title), or the contest in general. */
function AboutSelect({ contest, value, onChange }: { contest: Contest; value: string; onChange: (label: string) => void }) {
  return (
    <label>
      About
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">The contest in general</option>
        {contest.problems.map((p) => (
          <option key={p.label} value={p.label}>
            {p.label}
            {p.title ? `. ${p.title}` : ''}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The form's text: a question, an announcement or an answer, as long as the server takes. */
function MessageField({ label, value, onChange }: { label: string; value: string; onChange: (text: string) => void }) {
  return (
    <label>
      {label}
      <textarea value={value} onChange={(e) => onChange(e.target.value)} required maxLength={MAX_CLARIFICATION_LENGTH} rows={3} />
    </label>
  );
}

function PublicCheckbox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="inline">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} /> Public
    </label>
  );
}

/** Sends the form through its mutation instead of the browser's submit. */
const submitWith = (mutate: () => void) => (e: FormEvent) => {
  e.preventDefault();
  mutate();
};

/** A participant's question: about one of the contest's problems, or the contest in general. */
function AskForm({ contest }: { contest: Contest }) {
  const [question, setQuestion] = useState('');
  const [problemLabel, setProblemLabel] = useState('');
  const ask = usePostClarification(contest.contestId, () => setQuestion(''));
  const send = () => ask.mutate({ question, ...(problemLabel ? { problemLabel } : {}) });
  return (
    <form className="clarification-form" onSubmit={submitWith(send)} aria-label="Ask a question">
      <AboutSelect contest={contest} value={problemLabel} onChange={setProblemLabel} />
      <MessageField label="Question" value={question} onChange={setQuestion} />
      <div className="row">
        <button className="btn primary" type="submit" disabled={ask.isPending}>
          Ask
        </button>
        {ask.isSuccess && <span className="notice">Sent. The answer will show here.</span>}
      </div>
      {ask.isError && (
        <p className="error" role="alert">
          {errorMessage(ask.error, 'Failed to send the question.')}
        </p>
      )}
    </form>
  );
}

/** An admin's clarification unprompted: an announcement, public unless unticked. */
function NoticeForm({ contest }: { contest: Contest }) {
  const [answer, setAnswer] = useState('');
  const [isPublic, setPublic] = useState(true);
  const [problemLabel, setProblemLabel] = useState('');
  const post = usePostClarification(contest.contestId, () => setAnswer(''));
  const send = () => post.mutate({ answer, public: isPublic, ...(problemLabel ? { problemLabel } : {}) });
  return (
    <form className="clarification-form" onSubmit={submitWith(send)} aria-label="Post a clarification">
      <AboutSelect contest={contest} value={problemLabel} onChange={setProblemLabel} />
      <MessageField label="Clarification" value={answer} onChange={setAnswer} />
      <div className="row">
        <PublicCheckbox checked={isPublic} onChange={setPublic} />
        <button className="btn primary" type="submit" disabled={post.isPending}>
          Post
        </button>
      </div>
      {post.isError && (
        <p className="error" role="alert">
          {errorMessage(post.error, 'Failed to post the clarification.')}
        </p>
      )}
    </form>
  );
}

/** Answers a judge gives again and again (as DOMjudge offers them): picked, then sent as they stand or edited. */
export const CANNED_ANSWERS = [
  'No comment.',
  'Read the problem statement carefully: it answers this.',
  'Yes.',
  'No.',
  'The input is exactly as the statement describes it.',
];

/** An admin's answer to one question: private to the asker unless "Public", optionally quoting the question. */
function AnswerForm({ contestId, clarification }: { contestId: number; clarification: Clarification }) {
  const [answer, setAnswer] = useState(clarification.answer ?? '');
  const [isPublic, setPublic] = useState(clarification.public);
  const send = useAnswerClarification(contestId, clarification.id);
  return (
    <form
      className="clarification-form"
      onSubmit={submitWith(() => send.mutate({ answer, public: isPublic }))}
      aria-label={`Answer question ${clarification.id}`}
    >
      <MessageField label="Answer" value={answer} onChange={setAnswer} />
      <div className="row">
        <label>
          Canned answer
          <select
            value=""
            // A quoted question stays above the canned text.
            onChange={(e) =>
              e.target.value && setAnswer(answer.startsWith('>') ? quoted(clarification.question ?? '') + e.target.value : e.target.value)
            }
          >
            <option value="">Pick one…</option>
            {CANNED_ANSWERS.map((text) => (
              <option key={text}>{text}</option>
            ))}
          </select>
        </label>
        <PublicCheckbox checked={isPublic} onChange={setPublic} />
        {clarification.question && (
          <button className="btn small" type="button" onClick={() => setAnswer(quoted(clarification.question ?? '') + answer)}>
            Quote the question
          </button>
        )}
        <button className="btn primary" type="submit" disabled={send.isPending}>
          {clarification.answer === null ? 'Answer' : 'Answer again'}
        </button>
      </div>
      {send.isError && (
        <p className="error" role="alert">
          {errorMessage(send.error, 'Failed to answer.')}
        </p>
      )}
    </form>
  );
}

function ClarificationItem({
  contestId,
  clarification: c,
  canAnswer,
}: {
  contestId: number;
  clarification: Clarification;
  canAnswer: boolean;
}) {
  return (
    <li className="clarification">
      <p className="muted">
        {c.problemLabel ? `Problem ${c.problemLabel}` : 'General'}
        {c.username && (
          <>
            {' · '}
            <UserName username={c.username} rating={c.rating} />
          </>
        )}{' '}
        · {shortDate(c.createdAt)} · <span className="tag">{c.public ? 'Public' : c.question ? 'Private' : 'Private notice'}</span>
      </p>
      {c.question && <blockquote className="clarification-question">{c.question}</blockquote>}
      {c.answer !== null ? <Markdown>{c.answer}</Markdown> : <p className="muted">Not answered yet.</p>}
      {canAnswer && c.question && <AnswerForm contestId={contestId} clarification={c} />}
    </li>
  );
}

/**
 * The contest's clarifications: participants ask and read their own and the public answers; admins read every
 * question with its asker, answer each, and post clarifications unprompted. New ones arrive by the contest stream
 * (ContestStream puts them in this list).
 */
export function Clarifications({ contest }: { contest: Contest }) {
  const { user, isAdmin } = useSession();
  const list = useClarifications(contest.contestId);
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  // The notice's link lands here (#clarifications); the router does not scroll to a hash by itself.
  useEffect(() => {
    if (hash === '#clarifications' && list.isSuccess) section.current?.scrollIntoView({ block: 'start' });
  }, [hash, list.isSuccess]);
  const canAsk = !!user && !isAdmin && !!contest.participation;
  const items = list.data?.items ?? [];
  const unanswered = items.filter((c) => c.question && c.answer === null).length;
  if (!isAdmin && !canAsk && !items.length) return null;
  return (
    <section className="card" id="clarifications" aria-labelledby="contest-clarifications" ref={section}>
      <div className="section-head">
        <h2 id="contest-clarifications">Clarifications</h2>
        {isAdmin && (
          <span className={`badge ${unanswered ? 'unanswered' : 'private'}`} role="status">
            {unanswered} unanswered
          </span>
        )}
      </div>
      {canAsk && <AskForm contest={contest} />}
      {isAdmin && <NoticeForm contest={contest} />}
      {list.isError && <p className="error">{errorMessage(list.error, 'Failed to load clarifications.')}</p>}
      {list.isSuccess && !items.length && <p className="muted">No clarifications yet.</p>}
      {!!items.length && (
        <ul className="clarifications">
          {items.map((c) => (
            <ClarificationItem key={c.id} contestId={contest.contestId} clarification={c} canAnswer={isAdmin} />
          ))}
        </ul>
      )}
    </section>
  );
}

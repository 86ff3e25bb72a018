import '../problems.css';

import { CopyButton } from '../../../components/CopyButton';
import { Markdown } from '../../../components/Markdown';
import { ScrollableText } from '../../../components/ScrollableText';
import { ProblemDetail } from '../api';
import { JudgingRules } from './JudgingRules';

/** Statement, formats, constraints, samples and, for those who may edit, the test cases. */
export function Statement({ p, canEdit }: { p: ProblemDetail; canEdit: boolean }) {
  return (
    <div className="problem-statement">
      <section>
        <h2>Statement</h2>
        <Markdown>{p.statement}</Markdown>
      </section>
      {p.inputFormat && (
        <section>
          <h2>Input Format</h2>
          <Markdown>{p.inputFormat}</Markdown>
        </section>
      )}
      {p.outputFormat && (
        <section>
          <h2>Output Format</h2>
          <Markdown>{p.outputFormat}</Markdown>
        </section>
      )}
      {p.constraints && (
        <section>
          <h2>Constraints</h2>
          <Markdown>{p.constraints}</Markdown>
        </section>
      )}
      {p.samples.length > 0 && (
        <section>
          <h2>Sample Cases</h2>
          {p.samples.map((s, i) => (
            <div className="sample" key={i}>
              <div>
                <h3>
                  Input {i + 1} <CopyButton text={s.input} label={`sample input ${i + 1}`} />
                </h3>
                <ScrollableText label={`Sample input ${i + 1}`}>{s.input}</ScrollableText>
              </div>
              <div>
                <h3>
                  Output {i + 1} <CopyButton text={s.output} label={`sample output ${i + 1}`} />
                </h3>
                <ScrollableText label={`Sample output ${i + 1}`}>{s.output}</ScrollableText>
              </div>
              {s.explanation && (
                <div className="explanation">
                  <Markdown>{s.explanation}</Markdown>
                </div>
              )}
            </div>
          ))}
        </section>
      )}
      <JudgingRules p={p} />
      {canEdit && p.testCases && (
        <section>
          <h2>Test Cases</h2>
          <div className="table-wrap" tabIndex={0} role="region" aria-label="Test cases table">
            <table className="table compact">
              <thead>
                <tr>
                  <th>#</th>
                  <th>Input</th>
                  <th>Output</th>
                  <th className="num">Points</th>
                </tr>
              </thead>
              <tbody>
                {p.testCases.map((t, i) => (
                  <tr key={i}>
                    <td>{i + 1}</td>
                    <td>
                      <ScrollableText className="clip" label={`Test ${i + 1} input`}>
                        {t.input}
                      </ScrollableText>
                    </td>
                    <td>
                      <ScrollableText className="clip" label={`Test ${i + 1} output`}>
                        {t.output}
                      </ScrollableText>
                    </td>
                    <td className="num">{t.points}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </div>
  );
}

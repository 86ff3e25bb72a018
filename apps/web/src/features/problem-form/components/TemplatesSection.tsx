import { MAX_TEMPLATES } from '@oj/contracts';

import type { ProblemFormValues } from '../problem-form-values';

type Templates = ProblemFormValues['templates'];

/**
 * Starter code per language (a reader, a class to complete): shown to nobody differently, but left out of the
 * similarity check's matching, so solvers who all start from it do not look alike. One per language.
 */
export function TemplatesSection({
  templates,
  languages,
  onChange,
}: {
  templates: Templates;
  languages: { id: number; name: string }[];
  onChange: (templates: Templates) => void;
}) {
  const free = languages.filter((l) => !templates.some((t) => t.languageId === l.id));
  const update = (index: number, change: Partial<Templates[number]>) =>
    onChange(templates.map((t, i) => (i === index ? { ...t, ...change } : t)));
  return (
    <section className="form-section">
      <div className="section-head">
        <h2>Templates</h2>
        <button
          type="button"
          className="btn small"
          disabled={!free.length || templates.length >= MAX_TEMPLATES}
          onClick={() => onChange([...templates, { languageId: free[0].id, sourceCode: '' }])}
        >
          Add template
        </button>
      </div>
      <p className="muted">Starter code you give solvers; the similarity check does not count it as copied.</p>
      {templates.map((template, index) => (
        <div className="template-entry" key={index}>
          <label>
            Template language
            <select value={template.languageId} onChange={(e) => update(index, { languageId: Number(e.target.value) })}>
              {languages
                .filter((l) => l.id === template.languageId || free.includes(l))
                .map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
            </select>
          </label>
          <label>
            Template code
            <textarea
              rows={6}
              spellCheck={false}
              value={template.sourceCode}
              onChange={(e) => update(index, { sourceCode: e.target.value })}
            />
          </label>
          <button type="button" className="btn small danger" onClick={() => onChange(templates.filter((_, i) => i !== index))}>
            Remove template
          </button>
        </div>
      ))}
    </section>
  );
}

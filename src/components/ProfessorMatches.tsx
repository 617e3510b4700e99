/**
 * The professors a search's text names ("marchetti"), above the courses found: each with their teacher average, a
 * link to their page when reviews name them, and their courses, each with how students rated them there and the term
 * they teach it in.
 */
import type { ProfessorMatch } from "../lib/api-types.ts";
import { plural } from "../lib/text.ts";
import { professorHref } from "../lib/urls.ts";
import { Score } from "./Score.tsx";

/** Courses shown per professor; the rest are on their page. */
const SHOWN = 5;

export function ProfessorMatches({ professors }: { professors: readonly ProfessorMatch[] }) {
  if (professors.length === 0) return null;
  return (
    <section className="professor-matches" aria-labelledby="professor-matches-heading">
      <h2 id="professor-matches-heading">{professors.length === 1 ? "Professor" : "Professors"}</h2>
      {professors.map((professor) => (
        <article key={professor.slug ?? professor.name} className="card professor-match">
          <header className="professor-match-head">
            <h3>{professor.slug ? <a href={professorHref(professor.slug)}>{professor.name}</a> : professor.name}</h3>
            <span className="muted">
              {professor.reviews
                ? (
                  <>
                    Teacher <Score value={professor.teacher ?? 0} count={professor.reviews} withCount />
                  </>
                )
                : "No reviews yet"}
            </span>
          </header>
          {professor.courses.length > 0 && (
            <ul className="professor-match-courses" aria-label={`Courses of ${professor.name}`}>
              {professor.courses.slice(0, professor.slug ? SHOWN : undefined).map((course) => (
                <li key={course.id}>
                  <a href={`/course/${course.id}`}>
                    <span className="code">{course.code}</span> <span className="title">{course.title}</span>
                  </a>
                  <span className="muted">
                    {course.reviews
                      ? `Teacher ${course.teacher!.toFixed(1)} here (${plural(course.reviews, "review")})`
                      : "No reviews here yet"}
                    {course.teaching && <strong className="teaching">{` · Teaching ${course.teaching}`}</strong>}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {professor.slug && professor.courseCount > SHOWN && (
            <p className="professor-match-more">
              <a href={professorHref(professor.slug)}>
                {`All ${professor.courseCount} courses of ${professor.name}`}
              </a>
            </p>
          )}
        </article>
      ))}
    </section>
  );
}

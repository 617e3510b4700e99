import ProfessorReviewList from "../../islands/ProfessorReviewList.tsx";
import { SummaryStrip } from "../../src/components/RatingCharts.tsx";
import { Score } from "../../src/components/Score.tsx";
import type { ProfessorView } from "../../src/lib/api-types.ts";
import { isProfessorSlug } from "../../src/lib/professor-names.ts";
import { plural } from "../../src/lib/text.ts";
import { professorHref } from "../../src/lib/urls.ts";
import type { AppContext, LoadFailure, PageMeta, PageProps } from "../../src/server/context.ts";
import { listProfessorReviews } from "../../src/services/reviews/course-reviews.ts";
import { professorSummary } from "../../src/services/courses/course-summary.ts";
import { professorTeaching, type TeachingTerm } from "../../src/services/schedule/course-sections.ts";
import { professorMovedTo } from "../../src/services/schedule/professor-matching.ts";

/** No visible review names that professor: the page says so, with status 404. */
type Data = { professor: ProfessorView | null; teaching?: TeachingTerm[] };

export const loadFailure: LoadFailure = {
  heading: "Professor",
  message: "Failed to load this professor's page",
  back: { href: "/search", label: "Back to Search" },
};

export async function load(c: AppContext): Promise<Data | Response> {
  const slug = c.req.param("slug") ?? "";
  if (!isProfessorSlug(slug)) return { professor: null };
  const db = c.var.deps.database.db;
  // Read side by side: one round trip.
  const [summary, reviews, teaching, movedTo] = await Promise.all([
    professorSummary(db, slug),
    listProfessorReviews(db, slug, c.var.user?.enabled ? c.var.user.id : undefined),
    professorTeaching(db, slug),
    professorMovedTo(db, slug),
  ]);
  // A spelling merged into a professor of the class schedule ("Marchetti" into Elena Marchetti): its old URL moved.
  if (!summary) return movedTo ? c.redirect(professorHref(movedTo), 301) : { professor: null };
  return { professor: { ...summary, reviews }, teaching };
}

export function meta({ professor }: Data): PageMeta {
  if (!professor) return { title: "Professor not found", status: 404, noindex: true };
  const codes = professor.courses.slice(0, 3).map((c) => c.code).join(", ");
  return {
    title: `${professor.name}: reviews at BU`,
    description: `${professor.name} as BU students rate them: teacher rating ${
      professor.averages.teacher.toFixed(1)
    }/5 from ${plural(professor.averages.count, "review")}, for ${codes}${
      professor.courses.length > 3 ? " and more" : ""
    }.`,
  };
}

export default function ProfessorPage({ data, user }: PageProps<Data>) {
  const { professor, teaching = [] } = data;
  if (!professor) {
    return (
      <div className="page narrow center">
        <h1>Professor not found</h1>
        <p>No review names this professor yet. Professors get a page with their first review.</p>
        <p>
          <a className="button" href="/search">Back to Search</a>
        </p>
      </div>
    );
  }
  const { averages } = professor;
  return (
    <div className="page professor-page">
      <header className="course-header">
        <p className="course-code">Professor</p>
        <h1>{professor.name}</h1>
        {professor.aliases.length > 0 && <p className="hint">{`Also written as ${professor.aliases.join(", ")}`}</p>}
        <SummaryStrip averages={averages} figures={["teacher", "overallCourse", "difficulty", "hours"]} />
      </header>
      {teaching.length > 0 && <Teaching terms={teaching} />}
      <section aria-labelledby="courses-heading">
        <h2 id="courses-heading">{`Courses (${professor.courses.length})`}</h2>
        <div className="table-scroll">
          <table className="professor-table">
            <caption className="visually-hidden">{`${professor.name}'s averages per course`}</caption>
            <thead>
              <tr>
                <th scope="col">Course</th>
                <th scope="col">Reviews</th>
                <th scope="col">Teacher</th>
                <th scope="col">Overall</th>
                <th scope="col">Difficulty</th>
                <th scope="col">Last semester</th>
              </tr>
            </thead>
            <tbody>
              {professor.courses.map((course) => (
                <tr key={course.id}>
                  <th scope="row">
                    <a href={`/course/${course.id}`}>
                      <span className="code">{course.code}</span>
                    </a>
                    <span className="professor-course-title">{course.title}</span>
                  </th>
                  <td>{course.averages.count}</td>
                  <td>
                    <Score value={course.averages.teacher} count={course.averages.count} />
                  </td>
                  <td>
                    <Score value={course.averages.overall} count={course.averages.count} />
                  </td>
                  <td>
                    <Score value={course.averages.difficulty} count={course.averages.count} neutral />
                  </td>
                  <td>{course.lastTerm ?? <span className="muted">—</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <ProfessorReviewList slug={professor.slug} initial={professor.reviews} signedIn={Boolean(user?.enabled)} />
    </div>
  );
}

/** What the professor teaches in the known terms, as the class schedule's instructors say. */
function Teaching({ terms }: { terms: TeachingTerm[] }) {
  return (
    <section aria-labelledby="teaching-heading" className="professor-teaching">
      <h2 id="teaching-heading">Teaching</h2>
      {terms.map((term) => (
        <div key={term.code}>
          <h3>{term.name}</h3>
          <ul>
            {term.courses.map((course) => (
              <li key={course.id}>
                <a href={`/course/${course.id}`}>
                  <span className="code">{course.code}</span>
                </a>{" "}
                <span className="professor-course-title">{course.title}</span>{" "}
                <span className="muted">
                  {`${course.sections.length === 1 ? "section" : "sections"} ${course.sections.join(", ")}`}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

import type { ReactNode } from "react";
import SearchBox from "../islands/SearchBox.tsx";
import { NoticeBanner } from "../src/components/NoticeBanner.tsx";
import { plural } from "../src/lib/text.ts";
import { catalogCounts } from "../src/services/catalog/catalog.ts";
import { type FeaturedList, featuredLists } from "../src/services/courses/featured-lists.ts";
import { Score } from "../src/components/Score.tsx";
import type { AppContext, PageMeta, PageProps } from "../src/server/context.ts";
import { servePage } from "../src/server/route-loader.ts";
import * as dashboard from "./dashboard.tsx";

export const meta: PageMeta = {
  title: "HubRate",
  ownSearchBox: true,
  description:
    "Select your next Boston University course: search by BU Hub requirement, prerequisites and ratings, and read honest reviews from past students.",
};

type Data = { courses: number; reviews: number; lists: FeaturedList[] };

/** "/" is the landing page for visitors and the dashboard for signed-in students. */
export async function load(c: AppContext): Promise<Response | Data> {
  if (c.var.user?.enabled) return await servePage(c, dashboard);
  const db = c.var.deps.database.db;
  // The counts and the lists are read side by side: one round trip.
  const [counts, lists] = await Promise.all([catalogCounts(db), featuredLists(db)]);
  return { ...counts, lists };
}

/** The live lists: each a few courses and the search that made it. */
function FeaturedLists({ lists }: { lists: FeaturedList[] }) {
  if (!lists.length) return null;
  return (
    <section className="feature-section featured" aria-labelledby="featured-heading">
      <h2 id="featured-heading">Start here</h2>
      <div className="featured-lists">
        {lists.map((list, i) => (
          <section key={list.href} className="card featured-list" aria-labelledby={`featured-${i}`}>
            <h3 id={`featured-${i}`}>{list.title}</h3>
            <ol>
              {list.courses.map((course) => (
                <li key={course.id}>
                  <a href={`/course/${course.id}`}>
                    <span className="code">{course.code}</span> <span className="title">{course.title}</span>
                  </a>
                  <span className="featured-figures">
                    {list.figure === "workload" && <span className="muted">Workload</span>}
                    <Score
                      value={list.figure === "workload" ? course.averageWorkloadRating : course.averageOverallRating}
                      count={course.numReviews}
                      withCount
                      neutral={list.figure === "workload"}
                    />
                  </span>
                </li>
              ))}
            </ol>
            <a className="featured-more" href={list.href}>
              See the whole list<span className="visually-hidden">{`: ${list.title}`}</span>
            </a>
          </section>
        ))}
      </div>
    </section>
  );
}

const WHY = [
  {
    title: "Advanced search options",
    text:
      "Filter by BU Hub requirement, college, department, course level, prerequisites and ratings to find exactly the course that fits.",
  },
  {
    title: "Read past opinions",
    text: "Honest, anonymous reviews from students who took the course: workload, difficulty, usefulness and more.",
  },
  {
    title: "Understand teaching styles",
    text: "See how each professor teaches a course and how students rated them, before you register.",
  },
];

const FEATURES = [
  {
    title: "Track Hub progress",
    text: "Mark courses as completed or planned and watch your BU Hub requirements fill in.",
  },
  {
    title: "Post anonymous reviews",
    text: "Help the next student: rate the courses you took without your name attached.",
  },
  { title: "Quickly add and remove courses", text: "Keep completed, future and saved course lists one click away." },
];

function FeatureSection(
  { id, title, items, children }: { id: string; title: string; items: typeof WHY; children?: ReactNode },
) {
  return (
    <section className="feature-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="feature-grid">
        {items.map((item) => (
          <li key={item.title} className="card">
            <h3>{item.title}</h3>
            <p>{item.text}</p>
          </li>
        ))}
      </ul>
      {children}
    </section>
  );
}

export default function Landing({ data, notice }: PageProps<Data>) {
  return (
    <div className="landing">
      <NoticeBanner notice={notice} />
      <section className="hero">
        <h1>Select your next BU course with confidence</h1>
        <p className="lead">
          Search every Boston University course by Hub requirement, prerequisites and ratings, and read what past
          students really thought.
        </p>
        <SearchBox id="hero-search" variant="hero" />
        <p className="hero-counts">
          {data.reviews
            ? `${plural(data.courses, "course")} and ${plural(data.reviews, "student review")} to search`
            : `${plural(data.courses, "course")} to search`}
        </p>
        <a className="button button-large button-secondary" href="/search">Start Searching</a>
      </section>
      <FeaturedLists lists={data.lists} />
      <FeatureSection id="why-heading" title="Why use HubRate?" items={WHY} />
      <FeatureSection id="unlock-heading" title="Unlock these features by creating a free account" items={FEATURES}>
        <p className="center">
          <a className="button" href="/register">Create a free account</a>
        </p>
      </FeatureSection>
    </div>
  );
}

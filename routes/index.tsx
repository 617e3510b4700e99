import type { ReactNode } from "react";
import SearchBox from "../islands/SearchBox.tsx";
import { NoticeBanner } from "../src/components/NoticeBanner.tsx";
import { plural } from "../src/lib/text.ts";
import { catalogCounts } from "../src/services/catalog/catalog.ts";
import type { AppContext, PageMeta, PageProps } from "../src/server/context.ts";
import { servePage } from "../src/server/route-loader.ts";
import * as dashboard from "./dashboard.tsx";

export const meta: PageMeta = {
  title: "HubRate",
  ownSearchBox: true,
  description:
    "Select your next Boston University course: search by BU Hub requirement, prerequisites and ratings, and read honest reviews from past students.",
};

type Data = { courses: number; reviews: number };

/** "/" is the landing page for visitors and the dashboard for signed-in students. */
export async function load(c: AppContext): Promise<Response | Data> {
  if (c.var.user?.enabled) return await servePage(c, dashboard);
  return await catalogCounts(c.var.deps.database.db);
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
      <FeatureSection id="why-heading" title="Why use HubRate?" items={WHY} />
      <FeatureSection id="unlock-heading" title="Unlock these features by creating a free account" items={FEATURES}>
        <p className="center">
          <a className="button" href="/register">Create a free account</a>
        </p>
      </FeatureSection>
    </div>
  );
}

import CompareTray from "../islands/CompareTray.tsx";
import ListedCourses from "../islands/ListedCourses.tsx";
import type { ListIds } from "../src/lib/course-list-names.ts";
import { plural } from "../src/lib/text.ts";
import type { LoadFailure, PageMeta, PageProps, SignedInContext } from "../src/server/context.ts";
import { listCourses, listIds } from "../src/services/courses/course-lists.ts";
import { withSoonestOfferings } from "../src/services/courses/course-queries.ts";
import type { ListedCourse } from "../islands/ListedCourses.tsx";

export const access = "user";
export const loadFailure: LoadFailure = {
  heading: "Saved Courses",
  message: "Failed to fetch saved courses, try re-logging in or at a different time",
};

type Data = { saved: ListedCourse[]; lists: ListIds };

export async function load(c: SignedInContext): Promise<Data> {
  const db = c.var.deps.database.db;
  const [saved, lists] = await Promise.all([listCourses(db, c.var.user.id, "saved"), listIds(db, c.var.user.id)]);
  // Each names the term it is offered in, with "Add to {term} schedule".
  return { saved: await withSoonestOfferings(db, saved), lists };
}

export const meta: PageMeta = { title: "Saved Courses", noindex: true };

export default function SavedCourses({ data }: PageProps<Data>) {
  return (
    <div className="page page-wide personal-page">
      <h1>Saved Courses</h1>
      {data.saved.length === 0
        ? (
          <div className="card empty-state">
            <p className="empty-title">No saved courses yet</p>
            <p className="muted">Use the bookmark on any course to keep it here for later.</p>
            <a className="button" href="/search">Browse Courses</a>
          </div>
        )
        : (
          <ListedCourses
            summary={`You have ${plural(data.saved.length, "saved course")}`}
            label="your saved courses"
            lists={data.lists}
            sections={[{ id: "saved-courses", title: "Your saved courses", courses: data.saved }]}
          />
        )}
      <CompareTray />
    </div>
  );
}

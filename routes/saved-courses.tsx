import CompareTray from "../islands/CompareTray.tsx";
import ListedCourses from "../islands/ListedCourses.tsx";
import type { ListIds } from "../src/lib/course-list-names.ts";
import { plural } from "../src/lib/text.ts";
import type { CourseView } from "../src/lib/api-types.ts";
import type { LoadFailure, PageMeta, PageProps, SignedInContext } from "../src/server/context.ts";
import { listCourses, listIds } from "../src/services/courses/course-lists.ts";

export const access = "user";
export const loadFailure: LoadFailure = {
  heading: "Saved Courses",
  message: "Failed to fetch saved courses, try re-logging in or at a different time",
};

type Data = { saved: CourseView[]; lists: ListIds };

export async function load(c: SignedInContext): Promise<Data> {
  const db = c.var.deps.database.db;
  const [saved, lists] = await Promise.all([listCourses(db, c.var.user.id, "saved"), listIds(db, c.var.user.id)]);
  return { saved, lists };
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

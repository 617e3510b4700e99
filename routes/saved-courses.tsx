import CourseLists from "../islands/CourseLists.tsx";
import type { ListIds } from "../src/client/lists-store.ts";
import { plural } from "../src/lib/text.ts";
import type { CourseView } from "../src/lib/views.ts";
import type { AppContext, PageMeta, PageProps } from "../src/server/context.ts";
import { listCourses, listIds } from "../src/services/course-lists.ts";

export const access = "user";

type Data = { saved: CourseView[]; lists: ListIds; error: null } | { error: string };

export async function load(c: AppContext): Promise<Data> {
  const db = c.var.deps.database.db;
  const userId = c.var.user!.id;
  try {
    const [saved, lists] = await Promise.all([listCourses(db, userId, "saved"), listIds(db, userId)]);
    return { saved, lists, error: null };
  } catch (error) {
    console.error("[saved-courses]", error);
    return { error: "Failed to fetch saved courses, try re-logging in or at a different time" };
  }
}

export function meta(data: Data): PageMeta {
  return { title: "Saved Courses", noindex: true, status: data.error ? 500 : undefined };
}

export default function SavedCourses({ data }: PageProps<Data>) {
  if (data.error !== null) {
    return (
      <div className="page personal-page">
        <h1>Saved Courses</h1>
        <p className="alert alert-error" role="alert">{data.error}</p>
      </div>
    );
  }
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
          <CourseLists
            summary={`You have ${plural(data.saved.length, "saved course")}`}
            label="your saved courses"
            lists={data.lists}
            sections={[{ id: "saved-courses", title: "Your saved courses", courses: data.saved }]}
          />
        )}
    </div>
  );
}

import MyReviews from "../islands/MyReviews.tsx";
import type { MyReviewView } from "../src/lib/views.ts";
import type { AppContext, PageMeta, PageProps } from "../src/server/context.ts";
import { myReviews } from "../src/services/reviews.ts";

export const access = "user";

type Data = { reviews: MyReviewView[]; error: null } | { reviews: null; error: string };

export async function load(c: AppContext): Promise<Data> {
  try {
    return { reviews: await myReviews(c.var.deps.database.db, c.var.user!.id), error: null };
  } catch (error) {
    console.error("[my-reviews]", error);
    return { reviews: null, error: "Error fetching your reviews, please try again later" };
  }
}

export function meta(data: Data): PageMeta {
  return { title: "My Reviews", noindex: true, status: data.error ? 500 : undefined };
}

export default function MyReviewsPage({ data }: PageProps<Data>) {
  return (
    <div className="page personal-page">
      <h1>My Reviews</h1>
      {data.reviews ? <MyReviews reviews={data.reviews} /> : <p className="alert alert-error" role="alert">{data.error}</p>}
    </div>
  );
}

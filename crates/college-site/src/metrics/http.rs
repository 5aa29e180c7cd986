//! Counts and times every request, labelled by route template (see
//! [`crate::logs::requests::route_of`]), only when metrics are on.

use std::time::Instant;

use axum::{extract::Request, middleware::Next, response::Response};

use super::{HTTP_DURATION, HTTP_REQUESTS};
use crate::{
    http::methods,
    logs::requests::{route_of, status_class},
};

pub async fn track(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let route = route_of(&request).to_owned();
    let method = methods::label(request.method());
    let response = next.run(request).await;
    let status = status_class(response.status().as_u16());
    metrics::counter!(HTTP_REQUESTS, "route" => route.clone(), "method" => method, "status" => status)
        .increment(1);
    metrics::histogram!(HTTP_DURATION, "route" => route).record(started.elapsed().as_secs_f64());
    response
}

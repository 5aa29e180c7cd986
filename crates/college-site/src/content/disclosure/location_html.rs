//! Where the college is, as visitors read it under "Location and map": the map image an editor
//! uploaded (sized, so nothing jumps when it arrives), and links that open the place in the
//! visitor's own map app (`geo:`) and in a maps site. No map service's script or frame is
//! loaded: the page stays within its Content Security Policy and tells no one who looked.

use url::form_urlencoded::byte_serialize;

use crate::content::items::fields::{Fields, values::coordinates};
use crate::content::render::markdown::ImageSet;
use crate::web::html::{Html, html};

/// The map and the links of the item's `fields`, with the uploaded map's copies when it has one.
pub fn map_and_links(fields: &Fields, map: Option<&ImageSet>) -> Html {
    let text = |key: &str| {
        fields
            .get(key)
            .and_then(|value| value.as_str())
            .unwrap_or_default()
    };
    let address = text("address").replace('\n', ", ");
    let place = coordinates(text("coordinates"));
    let image = map.map_or_else(Html::new, |set| {
        let srcset: Vec<String> = set
            .copies
            .iter()
            .map(|(path, width)| format!("{path} {width}w"))
            .collect();
        let described = text("mapDescription");
        let alt = if described.is_empty() {
            format!("A map of where the college is: {address}")
        } else {
            described.to_owned()
        };
        html!(
            r#"<figure class="disclosure__map"><img src="{}" srcset="{}" sizes="(min-width: 48rem) 44rem, calc(100vw - 2.5rem)" width="{}" height="{}" alt="{}" loading="lazy" decoding="async"></figure>"#,
            set.copies.first().map_or("", |(path, _)| path.as_str()),
            srcset.join(", "),
            set.width,
            set.height,
            alt,
        )
    });
    if address.is_empty() && place.is_none() {
        return image;
    }
    let (geo, web) = links(&address, place.as_deref());
    html!(
        r#"{}<p class="disclosure__map-links"><a href="{}">Open in your map app</a> <span aria-hidden="true">·</span> <a href="{}">Open in Google Maps</a></p>"#,
        image,
        geo,
        web
    )
}

/// The `geo:` address of the place (its coordinates, or its address for the map app to find)
/// and a maps site's, which a phone opens in its maps app too.
fn links(address: &str, place: Option<&str>) -> (String, String) {
    let encoded = |text: &str| byte_serialize(text.as_bytes()).collect::<String>();
    match place {
        Some(place) => (
            format!("geo:{place}?q={place}"),
            format!(
                "https://www.google.com/maps/search/?api=1&query={}",
                encoded(place)
            ),
        ),
        // A literal plus is encoded as %2B, so every plus left is a space.
        None => (
            format!("geo:0,0?q={}", encoded(address).replace('+', "%20")),
            format!(
                "https://www.google.com/maps/search/?api=1&query={}",
                encoded(address)
            ),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::items::fields::fields_of as fields;

    #[test]
    fn the_place_opens_in_a_map_app_by_its_coordinates_or_its_address() {
        let by_place = map_and_links(
            &fields(&[
                ("address", "14 Riverbank Road\nVadodara"),
                ("coordinates", "22.3072, 73.1812"),
            ]),
            None,
        );
        assert!(
            by_place
                .as_str()
                .contains(r#"href="geo:22.3072,73.1812?q=22.3072,73.1812""#),
            "{}",
            by_place.as_str()
        );
        assert!(
            by_place.as_str().contains("query=22.3072%2C73.1812"),
            "{}",
            by_place.as_str()
        );
        let by_address = map_and_links(
            &fields(&[("address", "14 Riverbank Road\nVadodara & Co")]),
            None,
        );
        assert!(
            by_address
                .as_str()
                .contains("geo:0,0?q=14%20Riverbank%20Road%2C%20Vadodara%20%26%20Co"),
            "{}",
            by_address.as_str()
        );
        assert!(map_and_links(&fields(&[]), None).is_empty());
    }

    #[test]
    fn the_map_is_sized_and_described() {
        let set = ImageSet {
            copies: vec![
                ("/files/7-ab-480.webp".to_owned(), 480),
                ("/files/7-ab.webp".to_owned(), 1200),
            ],
            width: 1200,
            height: 800,
        };
        let shown = map_and_links(&fields(&[("address", "14 Riverbank Road")]), Some(&set));
        let shown = shown.as_str();
        assert!(shown.contains(r#"width="1200" height="800""#), "{shown}");
        assert!(
            shown.contains(r#"alt="A map of where the college is: 14 Riverbank Road""#),
            "{shown}"
        );
        assert!(
            shown.contains(r#"srcset="/files/7-ab-480.webp 480w, /files/7-ab.webp 1200w""#),
            "{shown}"
        );
    }
}

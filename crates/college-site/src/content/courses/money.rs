//! Rupees as people in India read them: grouped in thousands, then lakhs and crores
//! (`Rs 1,25,000`), as `Intl.NumberFormat('en-IN')` writes them; the web app's tests compare
//! the two.

/// `125000` as `1,25,000`.
pub fn indian_grouping(rupees: u64) -> String {
    let digits = rupees.to_string();
    let split = digits.len().saturating_sub(3);
    let (upper, last_three) = digits.split_at(split);
    let mut groups: Vec<&str> = Vec::new();
    let mut end = upper.len();
    while end > 0 {
        let start = end.saturating_sub(2);
        groups.push(&upper[start..end]);
        end = start;
    }
    groups.reverse();
    groups.push(last_three);
    groups.join(",")
}

/// `125000` as `Rs 1,25,000`.
pub fn rupees(amount: u64) -> String {
    format!("Rs {}", indian_grouping(amount))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_grouped_in_lakhs_and_crores() {
        assert_eq!(indian_grouping(0), "0");
        assert_eq!(indian_grouping(999), "999");
        assert_eq!(indian_grouping(1_000), "1,000");
        assert_eq!(indian_grouping(45_000), "45,000");
        assert_eq!(indian_grouping(125_000), "1,25,000");
        assert_eq!(indian_grouping(1_234_567), "12,34,567");
        assert_eq!(indian_grouping(10_000_000), "1,00,00,000");
        assert_eq!(rupees(45_000), "Rs 45,000");
    }
}

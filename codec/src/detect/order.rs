//! The detector's one sorting routine: a stable order by a float key, shared by its rankings.
//!
//! Six rankings (readings, languages, CJK parses, frequent bytes, candidates) each sorted with
//! `sort_by` and their own closure, and each closure made the compiler emit its own copy of the
//! standard library's generic sort: about 37 KB of the `utf8lens/text` WebAssembly module. The
//! lists are short (at most the 256 byte values), so an insertion sort over indices, written
//! once for `f64` keys, does the same work in a few hundred bytes. Like `sort_by`, it is stable,
//! and both order by [`f64::total_cmp`], a total order: the result is the very same order.

/// Sorts `items` by `key` in ascending order of [`f64::total_cmp`], items of equal keys in their
/// order (a stable sort, as `sort_by(|a, b| key(a).total_cmp(&key(b)))` is). For a descending
/// order, negate the key: `total_cmp` of negated values is the reverse order.
pub(super) fn sort_by_key<T>(items: &mut Vec<T>, key: impl Fn(&T) -> f64) {
    let keys: Vec<f64> = items.iter().map(key).collect();
    let order = ascending(&keys);
    let mut slots: Vec<Option<T>> = core::mem::take(items).into_iter().map(Some).collect();
    *items = order
        .iter()
        .filter_map(|&i| slots.get_mut(i).and_then(Option::take))
        .collect();
}

/// The indices of `keys`, in ascending order of [`f64::total_cmp`], equal keys in index order.
/// Not generic, so compiled once.
fn ascending(keys: &[f64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..keys.len()).collect();
    for i in 1..order.len() {
        let mut j = i;
        while j > 0 {
            let (Some(&a), Some(&b)) = (order.get(j - 1), order.get(j)) else {
                break;
            };
            let (Some(ka), Some(kb)) = (keys.get(a), keys.get(b)) else {
                break;
            };
            if ka.total_cmp(kb).is_le() {
                break;
            }
            order.swap(j - 1, j);
            j -= 1;
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against the standard library's stable sort, ties, negative zero, infinities and NaN
    /// included.
    #[test]
    fn same_order_as_sort_by() {
        let keys = [
            3.5,
            -0.0,
            0.0,
            f64::NAN,
            1.0,
            3.5,
            f64::NEG_INFINITY,
            -2.25,
            1.0,
            f64::INFINITY,
            0.0,
            -f64::NAN,
            7.0,
        ];
        let mut ours: Vec<(f64, usize)> = keys.iter().copied().zip(0..).collect();
        let mut std = ours.clone();
        sort_by_key(&mut ours, |p| p.0);
        std.sort_by(|a, b| a.0.total_cmp(&b.0));
        assert_eq!(
            ours.iter().map(|p| p.1).collect::<Vec<_>>(),
            std.iter().map(|p| p.1).collect::<Vec<_>>()
        );
        // Descending by a negated key, as `sort_by(|a, b| b.total_cmp(a))`.
        let mut ours: Vec<(f64, usize)> = keys.iter().copied().zip(0..).collect();
        let mut std = ours.clone();
        sort_by_key(&mut ours, |p| -p.0);
        std.sort_by(|a, b| b.0.total_cmp(&a.0));
        assert_eq!(
            ours.iter().map(|p| p.1).collect::<Vec<_>>(),
            std.iter().map(|p| p.1).collect::<Vec<_>>()
        );
        let mut empty: Vec<f64> = Vec::new();
        sort_by_key(&mut empty, |&x| x);
        assert!(empty.is_empty());
    }
}

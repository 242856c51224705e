#pragma once
// A compile-time list of types and the few operations the format lists need: concatenation,
// membership, intersection, calling a function once per type, and conversion to other variadic
// templates (gtest's ::testing::Types).
#include <type_traits>

namespace kamp::formats {

template <class... Ts>
struct type_list {
  static constexpr int size = sizeof...(Ts);
};

template <class T>
struct type_tag {
  using type = T;
};

template <class A, class B>
struct concat;
template <class... As, class... Bs>
struct concat<type_list<As...>, type_list<Bs...>> {
  using type = type_list<As..., Bs...>;
};
template <class A, class B>
using concat_t = typename concat<A, B>::type;

template <class List, class T>
struct contains;
template <class... Ts, class T>
struct contains<type_list<Ts...>, T> : std::bool_constant<(std::is_same<Ts, T>::value || ...)> {};
template <class List, class T>
constexpr bool contains_v = contains<List, T>::value;

// The types of List that Kept also lists, in List's order.
template <class List, class Kept>
struct intersection;
template <class Kept>
struct intersection<type_list<>, Kept> {
  using type = type_list<>;
};
template <class T, class... Ts, class Kept>
struct intersection<type_list<T, Ts...>, Kept> {
  using type = concat_t<std::conditional_t<contains_v<Kept, T>, type_list<T>, type_list<>>,
                        typename intersection<type_list<Ts...>, Kept>::type>;
};
template <class List, class Kept>
using intersection_t = typename intersection<List, Kept>::type;

// f(type_tag<T>{}) for every T of the list, in order.
template <class... Ts, class F>
void for_each_type(type_list<Ts...>, F&& f) {
  (f(type_tag<Ts>{}), ...);
}

// type_list<Ts...> -> Target<Ts...>.
template <class List, template <class...> class Target>
struct apply;
template <class... Ts, template <class...> class Target>
struct apply<type_list<Ts...>, Target> {
  using type = Target<Ts...>;
};
template <class List, template <class...> class Target>
using apply_t = typename apply<List, Target>::type;

// Every pair<A, B> of A in the first list and B in the second, A outermost.
template <class A, class B>
struct pair {
  using first = A;
  using second = B;
};
template <class ListA, class ListB>
struct cartesian;
template <class... Bs>
struct cartesian<type_list<>, type_list<Bs...>> {
  using type = type_list<>;
};
template <class A, class... As, class... Bs>
struct cartesian<type_list<A, As...>, type_list<Bs...>> {
  using type = concat_t<type_list<pair<A, Bs>...>, typename cartesian<type_list<As...>, type_list<Bs...>>::type>;
};
template <class ListA, class ListB>
using cartesian_t = typename cartesian<ListA, ListB>::type;

}  // namespace kamp::formats

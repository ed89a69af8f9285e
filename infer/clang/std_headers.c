/* Stand-ins for the C and C++ standard libraries in host code
 * (docs/inference.md, "Headers"): what host code around a launch names
 * from <vector>, <chrono>, <algorithm>, <random>, <iostream>, <cstdio>,
 * ..., declared so that it parses and its launches are read.
 *
 * Why not the real headers: libstdc++ parsed with the built-in CUDA
 * header costs 100 to 650 ms a file (against ~22 ms for a kernel) and
 * clashes with it (int64_t, FILE, printf, assert: ~230 errors for five
 * headers), so the names are declared here instead, without bodies: a
 * value computed by the library is unknown to the front end, which is
 * never wrong about a launch, only less precise.  Nothing here is device
 * code; what kernels use (min, max, math, the fixed-width integers) is in
 * the built-in header (cuda_header.c).
 *
 * Every C++ header name gets the same text (code that forgets an include
 * often relies on another header bringing it), and so does every C
 * header name (the C text).  The C++ text includes the C text and the
 * type traits and limits of cccl.c: served texts are scanned for their
 * own includes like the project's (tu.c).
 *
 * Ownership: static text. */
#include "library_headers.h"

#include <stdbool.h>

#include <string.h>

/* What <cstdio>, <cstdlib>, <cstring>, <ctime>, <sys/time.h>, <cctype>
 * and <cmath> add to the built-in header (which declares printf, FILE,
 * malloc, memcpy, the math API, ...), then the same names in std. */
static const char c_text[] =
    "#ifndef __MAPKIT_STD_C\n#define __MAPKIT_STD_C\n"
    "#define EOF (-1)\n#define BUFSIZ 8192\n#define SEEK_SET 0\n#define SEEK_CUR 1\n#define SEEK_END 2\n"
    "#define CLOCKS_PER_SEC 1000000l\n#define CLOCK_REALTIME 0\n#define CLOCK_MONOTONIC 1\n"
    "#define SIZE_MAX (~(size_t)0)\n#define INT32_MAX 2147483647\n#define INT32_MIN (-INT32_MAX - 1)\n"
    "#define UINT32_MAX 4294967295u\n#define INT64_MAX 9223372036854775807ll\n"
    "#define INT64_MIN (-INT64_MAX - 1)\n#define UINT64_MAX 18446744073709551615ull\n"
    "#define errno (*__mapkit_errno())\n"
    "typedef long time_t; typedef long suseconds_t; typedef long ssize_t; typedef int pid_t;\n"
    "struct timeval { time_t tv_sec; suseconds_t tv_usec; };\n"
    "struct timespec { time_t tv_sec; long tv_nsec; };\n"
    "struct tm { int tm_sec, tm_min, tm_hour, tm_mday, tm_mon, tm_year, tm_wday, tm_yday, tm_isdst; };\n"
    "typedef struct { long quot, rem; } ldiv_t; typedef struct { int quot, rem; } div_t;\n"
    "__host__ clock_t clock(void);\n"
    "extern \"C\" {\n"
    "int *__mapkit_errno(void);\n"
    "int gettimeofday(struct timeval *, void *); int clock_gettime(int, struct timespec *);\n"
    "double difftime(time_t, time_t); struct tm *localtime(const time_t *); struct tm *gmtime(const time_t *);\n"
    "size_t strftime(char *, size_t, const char *, const struct tm *); char *ctime(const time_t *);\n"
    "int fgetc(FILE *); char *fgets(char *, int, FILE *); int fputc(int, FILE *); int fputs(const char *, FILE *);\n"
    "int getc(FILE *); int putc(int, FILE *); int getchar(void); int putchar(int); void perror(const char *);\n"
    "int sscanf(const char *, const char *, ...); int vprintf(const char *, __builtin_va_list);\n"
    "int vfprintf(FILE *, const char *, __builtin_va_list);\n"
    "int vsnprintf(char *, size_t, const char *, __builtin_va_list);\n"
    "int fseek(FILE *, long, int); long ftell(FILE *); void rewind(FILE *); int feof(FILE *); int ferror(FILE *);\n"
    "int remove(const char *); int rename(const char *, const char *); FILE *tmpfile(void);\n"
    "void setbuf(FILE *, char *); int setvbuf(FILE *, char *, int, size_t);\n"
    "char *strncpy(char *, const char *, size_t); char *strcat(char *, const char *);\n"
    "char *strncat(char *, const char *, size_t); int strncmp(const char *, const char *, size_t);\n"
    "char *strdup(const char *); char *strtok(char *, const char *); size_t strspn(const char *, const char *);\n"
    "size_t strcspn(const char *, const char *); char *strerror(int); int strcasecmp(const char *, const char *);\n"
    "void *memmove(void *, const void *, size_t); void *memchr(const void *, int, size_t);\n"
    "long atol(const char *); long long atoll(const char *); unsigned long strtoul(const char *, char **, int);\n"
    "long long strtoll(const char *, char **, int); unsigned long long strtoull(const char *, char **, int);\n"
    "double strtod(const char *, char **); float strtof(const char *, char **);\n"
    "void qsort(void *, size_t, size_t, int (*)(const void *, const void *));\n"
    "void *bsearch(const void *, const void *, size_t, size_t, int (*)(const void *, const void *));\n"
    "int system(const char *); int atexit(void (*)(void)); ldiv_t ldiv(long, long); div_t div(int, int);\n"
    "int posix_memalign(void **, size_t, size_t); void *aligned_alloc(size_t, size_t);\n"
    "double drand48(void); void srand48(long); long lrand48(void); int rand_r(unsigned *);\n"
    "int isdigit(int); int isalpha(int); int isalnum(int); int isspace(int); int isupper(int);\n"
    "int islower(int); int isprint(int); int ispunct(int); int isxdigit(int); int toupper(int); int tolower(int);\n"
    "unsigned sleep(unsigned); int usleep(unsigned); int getopt(int, char *const *, const char *);\n"
    "extern char *optarg; extern int optind;\n"
    "}\n"
    "namespace std {\n"
    "using ::FILE; using ::fprintf; using ::fopen; using ::fclose; using ::fread; using ::fwrite; using ::fflush;\n"
    "using ::sprintf; using ::snprintf; using ::puts; using ::scanf; using ::fscanf; using ::sscanf;\n"
    "using ::fgets; using ::fputs; using ::fputc; using ::fgetc; using ::getchar; using ::putchar; using ::perror;\n"
    "using ::fseek; using ::ftell; using ::rewind; using ::feof; using ::remove;\n"
    "using ::malloc; using ::calloc; using ::realloc; using ::free; using ::exit; using ::abort; using ::atexit;\n"
    "using ::rand; using ::srand; using ::atoi; using ::atol; using ::atoll; using ::atof; using ::strtol;\n"
    "using ::strtoul; using ::strtoll; using ::strtoull; using ::strtod; using ::strtof; using ::getenv;\n"
    "using ::qsort; using ::bsearch; using ::system; using ::labs; using ::llabs; using ::div; using ::ldiv;\n"
    "using ::memcpy; using ::memset; using ::memcmp; using ::memmove; using ::memchr; using ::strlen;\n"
    "using ::strcmp; using ::strncmp; using ::strcpy; using ::strncpy; using ::strcat; using ::strncat;\n"
    "using ::strtok; using ::strerror; using ::strspn; using ::strcspn;\n"
    "using ::time_t; using ::clock_t; using ::tm; using ::time; using ::clock; using ::difftime;\n"
    "using ::localtime; using ::gmtime; using ::strftime; using ::timespec;\n"
    "using ::isdigit; using ::isalpha; using ::isalnum; using ::isspace; using ::isupper; using ::islower;\n"
    "using ::toupper; using ::tolower;\n"
    "using ::sqrtf; using ::round; using ::roundf; using ::trunc; using ::log2; using ::log10; using ::exp2;\n"
    "using ::fmin; using ::fmax; using ::fmod; using ::cbrt; using ::hypot; using ::tan; using ::tanh;\n"
    "using ::asin; using ::acos; using ::atan; using ::atan2; using ::sinh; using ::cosh; using ::expm1;\n"
    "using ::log1p; using ::erf; using ::remainder; using ::copysign; using ::isnan; using ::isinf;\n"
    "using ::isfinite; using ::signbit; using ::lround; using ::llround; using ::nearbyint; using ::rint;\n"
    "using ::frexp; using ::ldexp; using ::modf; using ::powf; using ::floorf; using ::ceilf; using ::fabsf;\n"
    "using ::expf; using ::logf; using ::sinf; using ::cosf;\n"
    "}\n"
    "#endif\n";

/* Containers: elements reached through a pointer, sizes unknown. */
#define SEQUENCE(NAME, EXTRA)                                                                                      \
    "template <class T, class A = allocator<T>> struct " NAME " {\n"                                               \
    "  using value_type = T; using size_type = size_t; using difference_type = ptrdiff_t;\n"                      \
    "  using reference = T &; using const_reference = const T &; using pointer = T *;\n"                          \
    "  using iterator = __mapkit_iter<T>; using const_iterator = __mapkit_iter<const T>;\n"                       \
    "  using reverse_iterator = iterator; using const_reverse_iterator = const_iterator;\n"                       \
    "  " NAME "(); explicit " NAME "(size_t); " NAME "(size_t, const T &); " NAME "(initializer_list<T>);\n"       \
    "  " NAME "(const " NAME " &); " NAME "(" NAME " &&);\n"                                                      \
    "  template <class I, class = decltype(*declval<I &>())> " NAME "(I, I);\n"                                    \
    "  " NAME " &operator=(const " NAME " &); " NAME " &operator=(" NAME " &&); "                                  \
    "" NAME " &operator=(initializer_list<T>);\n"                                                                  \
    "  size_t size() const; size_t max_size() const; bool empty() const; void clear();\n"                         \
    "  void resize(size_t); void resize(size_t, const T &); void assign(size_t, const T &);\n"                    \
    "  template <class I> void assign(I, I); void assign(initializer_list<T>);\n"                                 \
    "  T &operator[](size_t); const T &operator[](size_t) const; T &at(size_t); const T &at(size_t) const;\n"    \
    "  T &front(); const T &front() const; T &back(); const T &back() const;\n"                                   \
    "  void push_back(const T &); void push_back(T &&); "                                                          \
    "template <class... X> T &emplace_back(X &&...) __MK_ANY(T &)\n"                                               \
    "  void pop_back();\n"                                                                                        \
    "  iterator begin(); const_iterator begin() const; iterator end(); const_iterator end() const;\n"             \
    "  const_iterator cbegin() const; const_iterator cend() const;\n"                                             \
    "  iterator rbegin(); const_iterator rbegin() const; iterator rend(); const_iterator rend() const;\n"         \
    "  iterator insert(const_iterator, const T &); template <class I> iterator insert(const_iterator, I, I);\n"   \
    "  iterator insert(const_iterator, size_t, const T &); "                                                       \
    "template <class... X> iterator emplace(const_iterator, X &&...) __MK_ANY(iterator)\n"                         \
    "  iterator erase(const_iterator); iterator erase(const_iterator, const_iterator);\n"                        \
    "  void swap(" NAME " &); bool operator==(const " NAME " &) const; bool operator!=(const " NAME " &) const;\n" \
    "  bool operator<(const " NAME " &) const;\n" EXTRA "};\n"

/* Associative containers: K to V (a set: V = K). */
#define ASSOCIATIVE(NAME, PARAMS, VALUE)                                                                     \
    "template <" PARAMS "> struct " NAME " {\n"                                                                    \
    "  using value_type = " VALUE "; using size_type = size_t; using iterator = __mapkit_iter<value_type>;\n"     \
    "  using const_iterator = __mapkit_iter<const value_type>;\n"                                                 \
    "  " NAME "(); " NAME "(initializer_list<value_type>); template <class I> " NAME "(I, I);\n"                   \
    "  size_t size() const; bool empty() const; void clear(); size_t count(const K &) const;\n"                  \
    "  bool contains(const K &) const; iterator find(const K &); const_iterator find(const K &) const;\n"         \
    "  iterator begin(); const_iterator begin() const; iterator end(); const_iterator end() const;\n"             \
    "  pair<iterator, bool> insert(const value_type &); template <class I> void insert(I, I);\n"                 \
    "  template <class... X> pair<iterator, bool> emplace(X &&...) __MK_ANY(pair<iterator, bool>)\n"              \
    "  size_t erase(const K &);\n"                                                                                \
    "  iterator erase(const_iterator); iterator lower_bound(const K &); iterator upper_bound(const K &);\n"       \
    "  V &operator[](const K &); V &at(const K &); const V &at(const K &) const; void reserve(size_t); };\n"

/* What every part of the C++ library uses, and what code that includes
 * one header expects another to bring: the utilities, iterators,
 * strings, vector and array, the exceptions, numeric_limits. */
static const char core_text[] =
    "#ifndef __MAPKIT_STD_CORE\n#define __MAPKIT_STD_CORE\n"
    "#include <cstdio>\n#include <type_traits>\n#include <cuda/std/limits>\n"
    "void *operator new(size_t, void *) noexcept; void *operator new[](size_t, void *) noexcept;\n"
    "namespace std {\n"
    "using cuda::std::numeric_limits;\n"
    /* a value the library computes: unknown to the front end, never a
     * constant (a body is needed where a lambda is an argument: a template
     * over a type without linkage must be defined) */
    "template <class T> T __mapkit_any() noexcept;\n"
    "#define __MK_ANY(...) { return __mapkit_any<__VA_ARGS__>(); }\n"
    "typedef decltype(nullptr) nullptr_t; enum class byte : unsigned char {}; typedef long double max_align_t;\n"
    "template <class E> class initializer_list { const E *__b; size_t __n;\n"
    "  constexpr initializer_list(const E *b, size_t n) : __b(b), __n(n) {}\n"
    "public: constexpr initializer_list() : __b(0), __n(0) {} constexpr size_t size() const { return __n; }\n"
    "  constexpr const E *begin() const { return __b; } constexpr const E *end() const { return __b + __n; } };\n"
    "template <class E> constexpr const E *begin(initializer_list<E> l) { return l.begin(); }\n"
    "template <class E> constexpr const E *end(initializer_list<E> l) { return l.end(); }\n"
    /* <utility>, <type_traits>' remaining transformations */
    "template <class T> struct remove_reference { typedef T type; };\n"
    "template <class T> struct remove_reference<T &> { typedef T type; };\n"
    "template <class T> struct remove_reference<T &&> { typedef T type; };\n"
    "template <class T> using remove_reference_t = typename remove_reference<T>::type;\n"
    "template <class T> struct decay { typedef remove_reference_t<T> type; };\n"
    "template <class T> using decay_t = typename decay<T>::type;\n"
    "template <class T> typename remove_reference<T>::type &&declval() noexcept;\n"
    "template <class T> constexpr remove_reference_t<T> &&move(T &&t) noexcept\n"
    "{ return static_cast<remove_reference_t<T> &&>(t); }\n"
    "template <class T> constexpr T &&forward(remove_reference_t<T> &t) noexcept { return static_cast<T &&>(t); }\n"
    "template <class T> constexpr T &&forward(remove_reference_t<T> &&t) noexcept { return static_cast<T &&>(t); }\n"
    "template <class T, class U = T> T exchange(T &, U &&);\n"
    "template <class T> const T &as_const(T &t) noexcept { return t; }\n"
    "template <class A, class B> struct pair { A first; B second; pair(); pair(const A &, const B &);\n"
    "  template <class X, class Y> pair(X &&, Y &&); template <class X, class Y> pair(const pair<X, Y> &);\n"
    "  bool operator==(const pair &) const; bool operator!=(const pair &) const; "
    "bool operator<(const pair &) const; };\n"
    "template <class A, class B> pair<decay_t<A>, decay_t<B>> make_pair(A &&, B &&);\n"
    "template <class... T> struct tuple { tuple(); template <class... X> tuple(X &&...); };\n"
    "template <class... T> tuple<decay_t<T>...> make_tuple(T &&...);\n"
    "template <class... T> tuple<T &...> tie(T &...);\n"
    "struct __mapkit_ignore { template <class T> const __mapkit_ignore &operator=(const T &) const; };\n"
    "extern const __mapkit_ignore ignore;\n"
    "template <size_t I, class... T> auto get(tuple<T...> &) -> decltype(declval<int &>());\n"
    "template <size_t I, class A, class B> auto get(pair<A, B> &p) -> conditional_t<I == 0, A, B> &;\n"
    "template <class T> struct optional { optional(); optional(const T &); bool has_value() const;\n"
    "  explicit operator bool() const; T &value(); T &operator*(); T *operator->(); T value_or(const T &) const; };\n"
    "struct nullopt_t {}; extern const nullopt_t nullopt;\n"
    /* <iterator>: one iterator for every container, a pointer in all but name */
    "template <class T> struct __mapkit_iter { T &operator*() const; T *operator->() const;\n"
    "  __mapkit_iter &operator++(); __mapkit_iter operator++(int); __mapkit_iter &operator--();\n"
    "  __mapkit_iter operator--(int); __mapkit_iter operator+(ptrdiff_t) const; "
    "__mapkit_iter operator-(ptrdiff_t) const;\n"
    "  __mapkit_iter &operator+=(ptrdiff_t); __mapkit_iter &operator-=(ptrdiff_t); T &operator[](ptrdiff_t) const;\n"
    "  ptrdiff_t operator-(const __mapkit_iter &) const; bool operator==(const __mapkit_iter &) const;\n"
    "  bool operator!=(const __mapkit_iter &) const; bool operator<(const __mapkit_iter &) const;\n"
    "  operator __mapkit_iter<const T>() const; };\n"
    "template <class C> auto begin(C &c) -> decltype(c.begin()); "
    "template <class C> auto end(C &c) -> decltype(c.end());\n"
    "template <class C> auto begin(const C &c) -> decltype(c.begin());\n"
    "template <class C> auto end(const C &c) -> decltype(c.end());\n"
    "template <class T, size_t N> T *begin(T (&)[N]); template <class T, size_t N> T *end(T (&)[N]);\n"
    "template <class C> auto size(const C &c) -> decltype(c.size()); "
    "template <class T, size_t N> constexpr size_t size(T (&)[N])\n"
    "{ return N; }\n"
    "template <class C> auto data(C &c) -> decltype(c.data());\n"
    "template <class I> ptrdiff_t distance(I, I); template <class I> void advance(I &, ptrdiff_t);\n"
    "template <class I> I next(I, ptrdiff_t = 1); template <class I> I prev(I, ptrdiff_t = 1);\n"
    "template <class C> struct back_insert_iterator { back_insert_iterator &operator*(); "
    "back_insert_iterator &operator++();\n"
    "  template <class X> back_insert_iterator &operator=(const X &); };\n"
    "template <class C> back_insert_iterator<C> back_inserter(C &);\n"
    /* <memory> */
    "template <class T> struct allocator { typedef T value_type; };\n"
    /* <string>, <string_view> */
    "template <class C> struct basic_string { typedef C value_type; typedef __mapkit_iter<C> iterator;\n"
    "  typedef __mapkit_iter<const C> const_iterator; static const size_t npos = (size_t)-1;\n"
    "  basic_string(); basic_string(const C *); basic_string(const C *, size_t); basic_string(size_t, C);\n"
    "  basic_string(const basic_string &); basic_string(basic_string &&); basic_string(initializer_list<C>);\n"
    "  template <class I, class = decltype(*declval<I &>())> basic_string(I, I);\n"
    "  basic_string(const basic_string &, size_t, size_t = npos);\n"
    "  basic_string &operator=(const basic_string &); basic_string &operator=(basic_string &&);\n"
    "  basic_string &operator=(const C *); basic_string &operator=(C);\n"
    "  const C *c_str() const; const C *data() const; C *data(); size_t size() const; size_t length() const;\n"
    "  bool empty() const; void clear(); void resize(size_t); void reserve(size_t); size_t capacity() const;\n"
    "  C &operator[](size_t); const C &operator[](size_t) const; C &at(size_t); C &back(); C &front();\n"
    "  void push_back(C); void pop_back(); basic_string &append(const basic_string &); "
    "basic_string &append(const C *);\n"
    "  basic_string &append(size_t, C); basic_string &operator+=(const basic_string &); "
    "basic_string &operator+=(const C *);\n"
    "  basic_string &operator+=(C); basic_string substr(size_t = 0, size_t = npos) const;\n"
    "  size_t find(const basic_string &, size_t = 0) const; size_t find(const C *, size_t = 0) const;\n"
    "  size_t find(C, size_t = 0) const; size_t rfind(const basic_string &, size_t = npos) const;\n"
    "  size_t rfind(C, size_t = npos) const; size_t find_first_of(const C *, size_t = 0) const;\n"
    "  size_t find_last_of(const C *, size_t = npos) const; size_t find_first_not_of(const C *, size_t = 0) const;\n"
    "  size_t find_last_of(C, size_t = npos) const;\n"
    "  int compare(const basic_string &) const; int compare(const C *) const;\n"
    "  basic_string &insert(size_t, const basic_string &); basic_string &erase(size_t = 0, size_t = npos);\n"
    "  basic_string &replace(size_t, size_t, const basic_string &);\n"
    "  iterator begin(); const_iterator begin() const; iterator end(); const_iterator end() const; };\n"
    "typedef basic_string<char> string; typedef basic_string<wchar_t> wstring;\n"
    "template <class C> basic_string<C> operator+(const basic_string<C> &, const basic_string<C> &);\n"
    "template <class C> basic_string<C> operator+(const C *, const basic_string<C> &);\n"
    "template <class C> basic_string<C> operator+(const basic_string<C> &, const C *);\n"
    "template <class C> basic_string<C> operator+(C, const basic_string<C> &);\n"
    "template <class C> basic_string<C> operator+(const basic_string<C> &, C);\n"
    "#define __MK_CMP(op) template <class C> bool operator op(const basic_string<C> &, const basic_string<C> &); \\\n"
    "  template <class C> bool operator op(const basic_string<C> &, const C *); \\\n"
    "  template <class C> bool operator op(const C *, const basic_string<C> &);\n"
    "__MK_CMP(==) __MK_CMP(!=) __MK_CMP(<) __MK_CMP(>) __MK_CMP(<=) __MK_CMP(>=)\n#undef __MK_CMP\n"
    "struct string_view { static const size_t npos = (size_t)-1; string_view(); string_view(const char *);\n"
    "  string_view(const char *, size_t); string_view(const string &); const char *data() const; size_t size() const;\n"
    "  size_t length() const; bool empty() const; char operator[](size_t) const; "
    "string_view substr(size_t, size_t = npos) const;\n"
    "  size_t find(string_view, size_t = 0) const; size_t find(char, size_t = 0) const;\n"
    "  const char *begin() const; const char *end() const; operator string() const; };\n"
    "bool operator==(string_view, string_view); bool operator!=(string_view, string_view);\n"
    "string to_string(int); string to_string(long); string to_string(long long); string to_string(unsigned);\n"
    "string to_string(unsigned long); string to_string(unsigned long long); string to_string(float);\n"
    "string to_string(double); string to_string(long double);\n"
    "int stoi(const string &, size_t * = 0, int = 10); long stol(const string &, size_t * = 0, int = 10);\n"
    "long long stoll(const string &, size_t * = 0, int = 10);\n"
    "unsigned long stoul(const string &, size_t * = 0, int = 10);\n"
    "unsigned long long stoull(const string &, size_t * = 0, int = 10); float stof(const string &, size_t * = 0);\n"
    "double stod(const string &, size_t * = 0);\n"
    "template <class C> struct hash { size_t operator()(const C &) const; };\n"
    SEQUENCE("vector", "  T *data(); const T *data() const; void reserve(size_t); size_t capacity() const;\n"
                       "  void shrink_to_fit();\n")
    "template <class T, size_t N> struct array { T __elems[N > 0 ? N : 1]; typedef T value_type;\n"
    "  typedef T *iterator; typedef const T *const_iterator;\n"
    "  T &operator[](size_t); const T &operator[](size_t) const; T &at(size_t); const T &at(size_t) const;\n"
    "  T *data(); const T *data() const; constexpr size_t size() const { return N; } constexpr bool empty() const\n"
    "  { return N == 0; } T *begin(); const T *begin() const; T *end(); const T *end() const; T &front(); T &back();\n"
    "  void fill(const T &); };\n"
    "template <class T> struct less { bool operator()(const T &, const T &) const; };\n"
    "template <class T> struct equal_to { bool operator()(const T &, const T &) const; };\n"
    /* <exception>, <stdexcept>, <typeinfo>, <new> */
    "struct exception { exception(); virtual ~exception(); virtual const char *what() const noexcept; };\n"
    "#define __MK_EXC(NAME, BASE) struct NAME : BASE { explicit NAME(const string &); explicit NAME(const char *); };\n"
    "__MK_EXC(logic_error, exception) __MK_EXC(runtime_error, exception) __MK_EXC(invalid_argument, logic_error)\n"
    "__MK_EXC(out_of_range, logic_error) __MK_EXC(length_error, logic_error) __MK_EXC(domain_error, logic_error)\n"
    "__MK_EXC(overflow_error, runtime_error) __MK_EXC(underflow_error, runtime_error)\n"
    "__MK_EXC(range_error, runtime_error)\n#undef __MK_EXC\n"
    "struct bad_alloc : exception {}; struct type_info { const char *name() const; };\n"
    "struct nothrow_t {}; extern const nothrow_t nothrow; [[noreturn]] void terminate() noexcept;\n"
    "}\n"
    "#endif\n";

/* <memory>: smart pointers */
static const char memory_text[] =
    "#ifndef __MAPKIT_STD_MEMORY\n#define __MAPKIT_STD_MEMORY\n"
    "#include <__mapkit_std_core>\n"
    "namespace std {\n"
    "template <class T> struct default_delete { void operator()(T *) const; };\n"
    "template <class T, class D = default_delete<T>> struct unique_ptr { unique_ptr(); explicit unique_ptr(T *);\n"
    "  unique_ptr(T *, D); unique_ptr(nullptr_t); unique_ptr(unique_ptr &&); "
    "template <class U, class E> unique_ptr(unique_ptr<U, E> &&);\n"
    "  unique_ptr &operator=(unique_ptr &&); unique_ptr &operator=(nullptr_t); T *get() const; T *release();\n"
    "  void reset(T * = nullptr); T &operator*() const; T *operator->() const; explicit operator bool() const; };\n"
    "template <class T, class D> struct unique_ptr<T[], D> { unique_ptr(); explicit unique_ptr(T *); "
    "unique_ptr(T *, D);\n"
    "  unique_ptr(nullptr_t); unique_ptr(unique_ptr &&); unique_ptr &operator=(unique_ptr &&); T *get() const;\n"
    "  T *release(); void reset(T * = nullptr); T &operator[](size_t) const; explicit operator bool() const; };\n"
    "template <class T> struct shared_ptr { shared_ptr(); template <class U> explicit shared_ptr(U *);\n"
    "  template <class U, class D> shared_ptr(U *, D) {} shared_ptr(nullptr_t); shared_ptr(const shared_ptr &);\n"
    "  template <class U> shared_ptr(const shared_ptr<U> &); shared_ptr &operator=(const shared_ptr &); "
    "T *get() const;\n"
    "  void reset(); template <class U> void reset(U *); T &operator*() const; T *operator->() const;\n"
    "  long use_count() const; explicit operator bool() const; };\n"
    "template <class T> struct __mapkit_unique { typedef unique_ptr<T> one; };\n"
    "template <class T> struct __mapkit_unique<T[]> { typedef unique_ptr<T[]> many; };\n"
    "template <class T, class... A> typename __mapkit_unique<T>::one make_unique(A &&...)\n"
    "  __MK_ANY(typename __mapkit_unique<T>::one)\n"
    "template <class T> typename __mapkit_unique<T>::many make_unique(size_t);\n"
    "template <class T, class... A> shared_ptr<T> make_shared(A &&...) __MK_ANY(shared_ptr<T>)\n"
    "template <class T> T *addressof(T &) noexcept;\n"
    "}\n"
    "#endif\n";

/* The other containers */
static const char containers_text[] =
    "#ifndef __MAPKIT_STD_CONTAINERS\n#define __MAPKIT_STD_CONTAINERS\n"
    "#include <__mapkit_std_core>\n"
    "namespace std {\n"
    SEQUENCE("deque", "  void push_front(const T &); void pop_front();\n"
                      "  template <class... X> T &emplace_front(X &&...) __MK_ANY(T &)\n")
    SEQUENCE("list", "  void push_front(const T &); void pop_front(); void sort(); template <class F> void sort(F) {}\n"
                     "  void remove(const T &); void reverse(); void unique();\n")
    ASSOCIATIVE("map", "class K, class V, class L = less<K>, class A = void", "pair<const K, V>")
    ASSOCIATIVE("multimap", "class K, class V, class L = less<K>, class A = void", "pair<const K, V>")
    ASSOCIATIVE("unordered_map", "class K, class V, class H = hash<K>, class E = equal_to<K>, class A = void",
                "pair<const K, V>")
    ASSOCIATIVE("set", "class K, class L = less<K>, class A = void, class V = K", "K")
    ASSOCIATIVE("multiset", "class K, class L = less<K>, class A = void, class V = K", "K")
    ASSOCIATIVE("unordered_set", "class K, class H = hash<K>, class E = equal_to<K>, class A = void, class V = K",
                "K")
    "template <class T, class C = deque<T>> struct queue { queue(); void push(const T &); template <class... X>\n"
    "  void emplace(X &&...) {} void pop(); T &front(); T &back(); size_t size() const; bool empty() const; };\n"
    "template <class T, class C = vector<T>, class L = less<T>> struct priority_queue { priority_queue();\n"
    "  void push(const T &); void pop(); const T &top() const; size_t size() const; bool empty() const; };\n"
    "template <class T, class C = deque<T>> struct stack { stack(); void push(const T &); void pop(); T &top();\n"
    "  size_t size() const; bool empty() const; };\n"
    "template <size_t N> struct bitset { bitset(); bitset(unsigned long long); bool operator[](size_t) const;\n"
    "  bitset &set(size_t, bool = true); bitset &reset(size_t); bool test(size_t) const; size_t count() const;\n"
    "  constexpr size_t size() const { return N; } string to_string() const; unsigned long to_ulong() const; };\n"
    "}\n"
    "#endif\n";

/* <iostream>, <fstream>, <sstream>, <iomanip> */
static const char streams_text[] =
    "#ifndef __MAPKIT_STD_STREAMS\n#define __MAPKIT_STD_STREAMS\n"
    "#include <__mapkit_std_core>\n"
    "namespace std {\n"
    "struct ios_base { typedef int openmode; typedef int fmtflags; static const int in, out, binary, app, ate, trunc,\n"
    "  fixed, scientific, hex, dec, left, right; static void sync_with_stdio(bool = true); };\n"
    "struct ios : ios_base { bool good() const; bool fail() const; bool bad() const; bool eof() const;\n"
    "  explicit operator bool() const; bool operator!() const; void clear(); int precision(int);\n"
    "  fmtflags flags() const; fmtflags setf(fmtflags); void exceptions(int); char fill(char); };\n"
    "struct ostream : virtual ios { template <class T> ostream &operator<<(const T &); "
    "ostream &operator<<(ostream &(*)(ostream &));\n"
    "  ostream &operator<<(ios_base &(*)(ios_base &)); ostream &write(const char *, long); ostream &put(char);\n"
    "  ostream &flush(); long tellp(); ostream &seekp(long); };\n"
    "struct istream : virtual ios { template <class T> istream &operator>>(T &); istream &read(char *, long);\n"
    "  istream &getline(char *, long); int get(); istream &get(char &); int peek(); "
    "istream &ignore(long = 1, int = -1);\n"
    "  long gcount() const; long tellg(); istream &seekg(long); istream &seekg(long, int); istream &unget(); };\n"
    "struct iostream : istream, ostream {};\n"
    "struct ifstream : istream { ifstream(); explicit ifstream(const char *, openmode = ios_base::in);\n"
    "  explicit ifstream(const string &, openmode = ios_base::in); void open(const char *, openmode = ios_base::in);\n"
    "  void open(const string &, openmode = ios_base::in); bool is_open() const; void close(); };\n"
    "struct ofstream : ostream { ofstream(); explicit ofstream(const char *, openmode = ios_base::out);\n"
    "  explicit ofstream(const string &, openmode = ios_base::out); "
    "void open(const char *, openmode = ios_base::out);\n"
    "  void open(const string &, openmode = ios_base::out); bool is_open() const; void close(); };\n"
    "struct fstream : iostream { fstream(); explicit fstream(const char *, openmode = in | out); "
    "explicit fstream(const string &, openmode = in | out);\n"
    "  void open(const char *, openmode = in | out); bool is_open() const; void close(); };\n"
    "struct stringstream : iostream { stringstream(); explicit stringstream(const string &); string str() const;\n"
    "  void str(const string &); };\n"
    "struct istringstream : istream { istringstream(); explicit istringstream(const string &); string str() const;\n"
    "  void str(const string &); };\n"
    "struct ostringstream : ostream { ostringstream(); string str() const; void str(const string &); };\n"
    "extern ostream cout, cerr, clog; extern istream cin;\n"
    "ostream &endl(ostream &); ostream &ends(ostream &); ostream &flush(ostream &);\n"
    "ios_base &fixed(ios_base &); ios_base &scientific(ios_base &); ios_base &defaultfloat(ios_base &);\n"
    "ios_base &hex(ios_base &); ios_base &dec(ios_base &); ios_base &oct(ios_base &); "
    "ios_base &boolalpha(ios_base &);\n"
    "ios_base &left(ios_base &); ios_base &right(ios_base &); ios_base &showpoint(ios_base &);\n"
    "struct __mapkit_manip {}; __mapkit_manip setw(int); __mapkit_manip setprecision(int); "
    "__mapkit_manip setfill(char);\n"
    "__mapkit_manip setbase(int); __mapkit_manip setiosflags(int); __mapkit_manip resetiosflags(int);\n"
    "istream &getline(istream &, string &); istream &getline(istream &, string &, char); istream &ws(istream &);\n"
    "}\n"
    "#endif\n";

/* <chrono>, <ratio>, <thread>, <mutex>, <atomic>, <future> */
static const char time_text[] =
    "#ifndef __MAPKIT_STD_TIME\n#define __MAPKIT_STD_TIME\n"
    "#include <__mapkit_std_core>\n"
    "namespace std {\n"
    "template <long N, long D = 1> struct ratio { static constexpr long num = N, den = D; };\n"
    "typedef ratio<1, 1000000000> nano; typedef ratio<1, 1000000> micro; typedef ratio<1, 1000> milli;\n"
    "typedef ratio<1000, 1> kilo; typedef ratio<1000000, 1> mega;\n"
    "namespace chrono {\n"
    "template <class R, class P = ratio<1>> struct duration { typedef R rep; typedef P period; constexpr duration();\n"
    "  template <class R2> constexpr explicit duration(const R2 &); template <class R2, class P2>\n"
    "  constexpr duration(const duration<R2, P2> &); constexpr R count() const; static constexpr duration zero();\n"
    "  duration &operator+=(const duration &); duration &operator-=(const duration &); };\n"
    "template <class R, class P> duration<R, P> operator+(duration<R, P>, duration<R, P>);\n"
    "template <class R, class P> duration<R, P> operator-(duration<R, P>, duration<R, P>);\n"
    "template <class R, class P, class S> duration<R, P> operator*(duration<R, P>, S);\n"
    "template <class R, class P, class S> duration<R, P> operator/(duration<R, P>, S);\n"
    "template <class R, class P, class R2, class P2> bool operator<(duration<R, P>, duration<R2, P2>);\n"
    "template <class R, class P, class R2, class P2> bool operator>(duration<R, P>, duration<R2, P2>);\n"
    "typedef duration<long long, nano> nanoseconds; typedef duration<long long, micro> microseconds;\n"
    "typedef duration<long long, milli> milliseconds; typedef duration<long long> seconds;\n"
    "typedef duration<long, ratio<60>> minutes; typedef duration<long, ratio<3600>> hours;\n"
    "template <class To, class R, class P> constexpr To duration_cast(const duration<R, P> &);\n"
    "template <class C, class D = typename C::duration> struct time_point { typedef D duration; time_point();\n"
    "  explicit time_point(const D &); template <class D2> time_point(const time_point<C, D2> &);\n"
    "  D time_since_epoch() const; time_point &operator+=(const D &); };\n"
    "template <class C, class D1, class D2> D1 operator-(const time_point<C, D1> &, const time_point<C, D2> &);\n"
    "template <class C, class D, class R, class P> time_point<C, D> operator+(const time_point<C, D> &,\n"
    "  const duration<R, P> &);\n"
    "template <class C, class D1, class D2> bool operator<(const time_point<C, D1> &, const time_point<C, D2> &);\n"
    "template <class To, class C, class D> To time_point_cast(const time_point<C, D> &);\n"
    "struct system_clock { typedef nanoseconds duration; typedef long long rep; typedef nano period;\n"
    "  typedef chrono::time_point<system_clock> time_point; static constexpr bool is_steady = false;\n"
    "  static time_point now() noexcept; static time_t to_time_t(const time_point &); };\n"
    "struct steady_clock { typedef nanoseconds duration; typedef long long rep; typedef nano period;\n"
    "  typedef chrono::time_point<steady_clock> time_point; static constexpr bool is_steady = true;\n"
    "  static time_point now() noexcept; };\n"
    "typedef steady_clock high_resolution_clock;\n"
    "}\n"
    "inline namespace literals { inline namespace chrono_literals {\n"
    "chrono::hours operator\"\"h(unsigned long long); chrono::minutes operator\"\"min(unsigned long long);\n"
    "chrono::seconds operator\"\"s(unsigned long long); chrono::milliseconds operator\"\"ms(unsigned long long);\n"
    "chrono::microseconds operator\"\"us(unsigned long long); chrono::nanoseconds operator\"\"ns(unsigned long long);\n"
    "} }\n"
    "namespace chrono { using namespace literals::chrono_literals; }\n"
    "struct thread { struct id { bool operator==(const id &) const; }; thread(); template <class F, class... A>\n"
    "  explicit thread(F &&, A &&...) {} thread(thread &&); thread &operator=(thread &&); void join(); void detach();\n"
    "  bool joinable() const; id get_id() const; static unsigned hardware_concurrency() noexcept; };\n"
    "namespace this_thread { template <class R, class P> void sleep_for(const chrono::duration<R, P> &);\n"
    "  void yield() noexcept; thread::id get_id() noexcept; }\n"
    "struct mutex { void lock(); void unlock(); bool try_lock(); };\n"
    "struct recursive_mutex { void lock(); void unlock(); bool try_lock(); };\n"
    "template <class M> struct lock_guard { explicit lock_guard(M &); };\n"
    "template <class M> struct unique_lock { unique_lock(); explicit unique_lock(M &); void lock(); void unlock(); };\n"
    "template <class... M> struct scoped_lock { explicit scoped_lock(M &...); };\n"
    "struct condition_variable { void notify_one(); void notify_all(); void wait(unique_lock<mutex> &);\n"
    "  template <class P> void wait(unique_lock<mutex> &, P) {} };\n"
    "enum memory_order { memory_order_relaxed, memory_order_consume, memory_order_acquire, memory_order_release,\n"
    "  memory_order_acq_rel, memory_order_seq_cst };\n"
    "template <class T> struct atomic { atomic(); atomic(T); T load(memory_order = memory_order_seq_cst) const;\n"
    "  void store(T, memory_order = memory_order_seq_cst); T exchange(T, memory_order = memory_order_seq_cst);\n"
    "  T fetch_add(T, memory_order = memory_order_seq_cst); T fetch_sub(T, memory_order = memory_order_seq_cst);\n"
    "  bool compare_exchange_strong(T &, T, memory_order = memory_order_seq_cst);\n"
    "  bool compare_exchange_weak(T &, T, memory_order = memory_order_seq_cst); operator T() const; T operator=(T);\n"
    "  T operator++(); T operator++(int); T operator--(); T operator--(int); T operator+=(T); T operator-=(T); };\n"
    "template <class T> struct future { T get(); void wait() const; bool valid() const; };\n"
    "enum class launch { async = 1, deferred = 2 };\n"
    "template <class F, class... A> auto async(F &&f, A &&...a) -> future<decltype(f(a...))>\n"
    "  __MK_ANY(future<decltype(f(a...))>)\n"
    "template <class F, class... A> auto async(launch, F &&f, A &&...a) -> future<decltype(f(a...))>\n"
    "  __MK_ANY(future<decltype(f(a...))>)\n"
    "}\n"
    "#endif\n";

/* <random>: engines and distributions draw values the host code does not know */
static const char random_text[] =
    "#ifndef __MAPKIT_STD_RANDOM\n#define __MAPKIT_STD_RANDOM\n"
    "#include <__mapkit_std_core>\n"
    "namespace std {\n"
    "#define __MK_ENGINE(NAME, R) struct NAME { typedef R result_type; NAME(); explicit NAME(R); \\\n"
    "  template <class S> explicit NAME(S &); void seed(R = 5489u); template <class S> void seed(S &); \\\n"
    "  R operator()(); void discard(unsigned long long); static constexpr R min(); static constexpr R max(); };\n"
    "__MK_ENGINE(mt19937, unsigned) __MK_ENGINE(mt19937_64, unsigned long long) __MK_ENGINE(minstd_rand, unsigned)\n"
    "__MK_ENGINE(minstd_rand0, unsigned) __MK_ENGINE(ranlux24, unsigned) __MK_ENGINE(ranlux48, unsigned long long)\n"
    "__MK_ENGINE(knuth_b, unsigned)\n#undef __MK_ENGINE\n"
    "typedef mt19937 default_random_engine;\n"
    "struct random_device { typedef unsigned result_type; random_device(); explicit random_device(const string &);\n"
    "  unsigned operator()(); double entropy() const; static constexpr unsigned min();\n"
    "  static constexpr unsigned max(); };\n"
    "struct seed_seq { seed_seq(); template <class T> seed_seq(initializer_list<T>); "
    "template <class I> seed_seq(I, I); };\n"
    "#define __MK_DIST(NAME, D, ...) template <class T = D> struct NAME { typedef T result_type; NAME(); \\\n"
    "  explicit NAME(__VA_ARGS__); template <class G> T operator()(G &); void reset(); T min() const; "
    "T max() const; };\n"
    "__MK_DIST(uniform_int_distribution, int, T, T = numeric_limits<T>::max())\n"
    "__MK_DIST(uniform_real_distribution, double, T, T = T(1))\n"
    "__MK_DIST(normal_distribution, double, T, T = T(1)) __MK_DIST(lognormal_distribution, double, T, T = T(1))\n"
    "__MK_DIST(exponential_distribution, double, T) __MK_DIST(gamma_distribution, double, T, T = T(1))\n"
    "__MK_DIST(poisson_distribution, int, double) __MK_DIST(binomial_distribution, int, T, double = 0.5)\n"
    "__MK_DIST(geometric_distribution, int, double)\n"
    "#undef __MK_DIST\n"
    "struct bernoulli_distribution { typedef bool result_type; bernoulli_distribution(); "
    "explicit bernoulli_distribution(double);\n"
    "  template <class G> bool operator()(G &); };\n"
    "template <class T = int> struct discrete_distribution { discrete_distribution(); template <class I>\n"
    "  discrete_distribution(I, I); discrete_distribution(initializer_list<double>); "
    "template <class G> T operator()(G &); };\n"
    "template <class T, size_t B, class G> T generate_canonical(G &);\n"
    "}\n"
    "#endif\n";

/* <functional>, <algorithm>, <numeric>: the host's data, never a launch's value (min and
 * max: the built-in header) */
static const char algorithms_text[] =
    "#ifndef __MAPKIT_STD_ALGORITHMS\n#define __MAPKIT_STD_ALGORITHMS\n"
    "#include <__mapkit_std_core>\n"
    "namespace std {\n"
    "template <class F> struct function;\n"
    "template <class R, class... A> struct function<R(A...)> { function(); function(nullptr_t); "
    "function(const function &);\n"
    "  template <class F> function(F) {} function &operator=(const function &); "
    "template <class F> function &operator=(F)\n"
    "  { return *this; }\n"
    "  R operator()(A...) const; explicit operator bool() const; };\n"
    "#define __MK_FN(name) template <class T = void> struct name { template <class A, class B> \\\n"
    "  auto operator()(const A &a, const B &b) const -> decltype(a + b); };\n"
    "__MK_FN(plus) __MK_FN(minus) __MK_FN(multiplies) __MK_FN(divides) __MK_FN(modulus)\n#undef __MK_FN\n"
    "#define __MK_CMP(name) template <class T = void> struct name { \\\n"
    "  template <class A, class B> bool operator()(const A &, const B &) const; };\n"
    "__MK_CMP(greater) __MK_CMP(less_equal) __MK_CMP(greater_equal)\n#undef __MK_CMP\n"
    "template <class T> struct reference_wrapper { reference_wrapper(T &); operator T &() const; T &get() const; };\n"
    "template <class T> reference_wrapper<T> ref(T &); template <class T> reference_wrapper<const T> cref(const T &);\n"
    "struct __mapkit_bound { template <class... A> int operator()(A &&...) const; };\n"
    "template <class F, class... A> __mapkit_bound bind(F &&, A &&...) __MK_ANY(__mapkit_bound)\n"
    "namespace placeholders { struct __mapkit_ph {}; extern const __mapkit_ph _1, _2, _3, _4; }\n"
    "template <class F, class... A> auto invoke(F &&f, A &&...a) -> decltype(f(a...)) { return f(a...); }\n"
    "template <class T> T min(initializer_list<T>); template <class T> T max(initializer_list<T>);\n"
    "template <class T, class C> const T &min(const T &, const T &, C) __MK_ANY(const T &)\n"
    "template <class T, class C> const T &max(const T &, const T &, C) __MK_ANY(const T &)\n"
    "template <class T> pair<const T &, const T &> minmax(const T &, const T &);\n"
    "template <class T> const T &clamp(const T &, const T &, const T &);\n"
    "template <class I> I min_element(I, I); template <class I, class C> I min_element(I, I, C) __MK_ANY(I)\n"
    "template <class I> I max_element(I, I); template <class I, class C> I max_element(I, I, C) __MK_ANY(I)\n"
    "template <class I> pair<I, I> minmax_element(I, I);\n"
    "template <class I, class T> void fill(I, I, const T &); "
    "template <class O, class T> O fill_n(O, size_t, const T &);\n"
    "template <class I, class O> O copy(I, I, O); template <class I, class O> O copy_n(I, size_t, O);\n"
    "template <class I, class O, class P> O copy_if(I, I, O, P) __MK_ANY(O) "
    "template <class I, class O> O move(I, I, O);\n"
    "template <class I, class F> void generate(I, I, F) {} "
    "template <class O, class F> O generate_n(O, size_t, F) __MK_ANY(O)\n"
    "template <class I, class O, class F> O transform(I, I, O, F) __MK_ANY(O)\n"
    "template <class I, class J, class O, class F> O transform(I, I, J, O, F) __MK_ANY(O)\n"
    "template <class I, class F> F for_each(I, I, F f) { return f; }\n"
    "template <class I> void sort(I, I); template <class I, class C> void sort(I, I, C) {}\n"
    "template <class I> void stable_sort(I, I); template <class I, class C> void stable_sort(I, I, C) {}\n"
    "template <class I> void partial_sort(I, I, I); template <class I> void nth_element(I, I, I);\n"
    "template <class I> void reverse(I, I); template <class I> I unique(I, I); "
    "template <class I> void rotate(I, I, I);\n"
    "template <class I, class G> void shuffle(I, I, G &&); template <class I> void random_shuffle(I, I);\n"
    "template <class I, class T> I find(I, I, const T &); template <class I, class P> I find_if(I, I, P) __MK_ANY(I)\n"
    "template <class I, class P> I find_if_not(I, I, P) __MK_ANY(I) "
    "template <class I, class T> long count(I, I, const T &);\n"
    "template <class I, class P> long count_if(I, I, P) __MK_ANY(long) "
    "template <class I, class J> bool equal(I, I, J);\n"
    "template <class I, class J, class P> bool equal(I, I, J, P) __MK_ANY(bool) "
    "template <class I, class J> bool equal(I, I, J, J);\n"
    "template <class I, class J> pair<I, J> mismatch(I, I, J);\n"
    "template <class I, class P> bool all_of(I, I, P) __MK_ANY(bool) "
    "template <class I, class P> bool any_of(I, I, P) __MK_ANY(bool)\n"
    "template <class I, class P> bool none_of(I, I, P) __MK_ANY(bool) "
    "template <class I, class T> I remove(I, I, const T &);\n"
    "template <class I, class P> I remove_if(I, I, P) __MK_ANY(I) "
    "template <class I, class T> void replace(I, I, const T &, const T &);\n"
    "template <class I, class T> I lower_bound(I, I, const T &); "
    "template <class I, class T> I upper_bound(I, I, const T &);\n"
    "template <class I, class T> bool binary_search(I, I, const T &); template <class I> bool is_sorted(I, I);\n"
    "template <class I, class J> void iter_swap(I, J); template <class I, class J> J swap_ranges(I, I, J);\n"
    "template <class I> bool next_permutation(I, I);\n"
    "template <class I, class T> T accumulate(I, I, T); "
    "template <class I, class T, class F> T accumulate(I, I, T, F) __MK_ANY(T)\n"
    "template <class I, class T> T reduce(I, I, T); template <class I, class T> void iota(I, I, T);\n"
    "template <class I, class J, class T> T inner_product(I, I, J, T);\n"
    "template <class I, class O> O partial_sum(I, I, O); "
    "template <class I, class O, class T> O exclusive_scan(I, I, O, T);\n"
    "template <class I, class O> O inclusive_scan(I, I, O); "
    "template <class I, class O> O adjacent_difference(I, I, O);\n"
    "template <class M, class N> constexpr auto gcd(M, N) -> decltype(M() + N());\n"
    "template <class M, class N> constexpr auto lcm(M, N) -> decltype(M() + N());\n"
    "}\n"
    "#endif\n";

/* <complex> */
static const char misc_text[] =
    "#ifndef __MAPKIT_STD_MISC\n#define __MAPKIT_STD_MISC\n"
    "#include <__mapkit_std_core>\n"
    "namespace std {\n"
    "template <class T> struct complex { complex(const T & = T(), const T & = T()); T real() const; T imag() const;\n"
    "  complex &operator+=(const complex &); complex &operator*=(const complex &); };\n"
    "template <class T> complex<T> operator+(const complex<T> &, const complex<T> &);\n"
    "template <class T> complex<T> operator-(const complex<T> &, const complex<T> &);\n"
    "template <class T> complex<T> operator*(const complex<T> &, const complex<T> &);\n"
    "template <class T> T abs(const complex<T> &); template <class T> T real(const complex<T> &);\n"
    "template <class T> T imag(const complex<T> &); template <class T> complex<T> polar(const T &, const T & = T());\n"
    "template <class T> complex<T> exp(const complex<T> &); template <class T> complex<T> conj(const complex<T> &);\n"
    "}\n"
    "#endif\n";

/* The C++ library's header names (C++17, and the C++20 ones code tests
 * for), each with the part of the stand-in it reads; every part reads the
 * core. */
typedef struct Part {
    const char *text;
    unsigned long len;
    const char *const *names;
} Part;

#define PART(TEXT, ...) {TEXT, sizeof TEXT - 1, (const char *const[]){__VA_ARGS__, NULL}}
static const Part parts[] = {
    PART(core_text, "__mapkit_std_core", "vector", "string", "string_view", "array", "utility", "tuple",
         "iterator", "initializer_list", "optional", "limits", "any", "variant", "exception", "stdexcept", "new",
         "typeinfo", "typeindex", "system_error", "bit", "concepts", "compare", "numbers", "format", "filesystem",
         "regex"),
    PART(memory_text, "memory", "memory_resource", "scoped_allocator"),
    PART(containers_text, "map", "unordered_map", "set", "unordered_set", "list", "deque", "forward_list", "queue",
         "stack", "bitset"),
    PART(streams_text, "iostream", "ostream", "istream", "sstream", "fstream", "iomanip", "ios", "iosfwd",
         "streambuf", "locale", "codecvt"),
    PART(time_text, "chrono", "ratio", "thread", "mutex", "shared_mutex", "condition_variable", "atomic", "future"),
    PART(random_text, "random"),
    PART(algorithms_text, "algorithm", "numeric", "functional", "execution"),
    PART(misc_text, "complex", "valarray"),
};
#undef PART

/* The C library's: both spellings, and the POSIX ones host code uses. */
static const char *const c_names[] = {
    "cassert", "assert.h", "cctype", "ctype.h", "cerrno", "errno.h", "cfloat", "float.h", "climits", "limits.h",
    "cmath", "math.h", "csignal", "signal.h", "cstdarg", "stdarg.h", "cstddef", "stddef.h", "cstdint",
    "stdint.h", "cinttypes", "inttypes.h", "cstdio", "stdio.h", "cstdlib", "stdlib.h", "cstring", "string.h",
    "strings.h", "ctime", "time.h", "cstdbool", "stdbool.h", "sys/time.h", "sys/types.h", "sys/stat.h",
    "unistd.h", "fcntl.h", "getopt.h", "malloc.h",
    NULL,
};

static bool listed(const char *const *names, const char *name)
{
    for (const char *const *n = names; *n; n++)
        if (strcmp(*n, name) == 0)
            return true;
    return false;
}

const char *std_library_header(const char *name, unsigned long *len)
{
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
        if (listed(parts[i].names, name)) {
            *len = parts[i].len;
            return parts[i].text;
        }
    if (listed(c_names, name)) {
        *len = sizeof c_text - 1;
        return c_text;
    }
    return NULL;
}

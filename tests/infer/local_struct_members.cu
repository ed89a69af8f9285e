// Members of the thread's own struct variables: an aggregate initialized
// with a pointer, a member assigned and copied with its struct, a view whose
// constructor and operator[] are inlined on the local object, a view over a
// local array (the thread's own memory), a member moved by `+=`, and the
// members of a struct changed in a loop, of a union, and of a struct whose
// member's address is taken, which are no longer followed (opaque); and
// the ways a method could write the members unseen (see below).
#include <cuda/std/span>

struct Ptr { int *p; int n; };
struct View {
    int *d;
    __device__ View(int *q) : d(q) {}
    __device__ int &operator[](int i) const { return d[i]; }
};

__global__ void aggregate(int *out)
{
    Ptr q{out + 1, 4};
    q.p[threadIdx.x * q.n] = 1;
}

__global__ void assigned_then_copied(int *out)
{
    Ptr q;
    q.p = out;
    Ptr r = q;
    r.p[threadIdx.x] = 2;
    r.p += 64;
    r.p[threadIdx.x] = 3;
}

__global__ void view_operator(int *out)
{
    View v(out + blockIdx.x * blockDim.x);
    v[threadIdx.x] = 4;
}

__global__ void view_of_local(int *out)
{
    int items[4] = {0, 1, 2, 3};
    cuda::std::span<int, 2> last{items + 2, 2};
    last[1] = last[0];
    out[threadIdx.x] = last[1];
}

__global__ void changed_in_loop(int *out, int n)
{
    Ptr q{out, 0};
    for (int i = 0; i < n; i++)
        q.p = q.p + i;
    q.p[threadIdx.x] = 5;
}

__global__ void address_taken(int *out, int **where)
{
    Ptr q{out, 0};
    *where = q.p;
    int **pp = &q.p;
    q.p[threadIdx.x] = (int)(pp != 0);
}

union Word { int *p; long bits; };

__global__ void union_member(int *out)
{
    Word w{out};
    w.bits += 4;
    w.p[threadIdx.x] = 6;
}

// Writes the front end does not see drop the members (opaque): `this`
// handed out, a reference to a member returned, a method on a member, a
// non-const method called in a loop.
struct Cursor {
    int *d;
    __device__ void set(int *x) { d = x; }
    __device__ void set_through_self(int *x) { Cursor *self = this; self->d = x; }
    __device__ int *&at() { return d; }
};
struct Outer { Cursor in; };

__global__ void this_handed_out(int *out)
{
    Cursor c{out + threadIdx.x};
    c.set_through_self(out);
    c.d[0] = 7;
}

__global__ void member_reference_returned(int *out)
{
    Cursor c{out + threadIdx.x};
    c.at() = out;
    c.d[0] = 8;
}

__global__ void method_on_member(int *out)
{
    Outer o;
    o.in.d = out + threadIdx.x;
    o.in.set(out);
    o.in.d[0] = 9;
}

__global__ void method_in_loop(int *out, int n)
{
    Cursor c{out + threadIdx.x};
    for (int i = 0; i < n; i++)
        c.set(out);
    c.d[0] = 10;
}

__global__ void method_seen(int *out)
{
    Cursor c{out};
    c.set(out + threadIdx.x);
    c.d[0] = 11;
}

// A reference member is its referent: the variable it is bound to, by a
// list or a constructor, is no longer followed once written through it.
struct Bound { int &x; };
struct BoundCtor {
    int &x;
    __device__ BoundCtor(int &a) : x(a) {}
};

__global__ void reference_member(int *out)
{
    int k = threadIdx.x;
    Bound b{k};
    b.x = 0;
    out[k] = 12;
}

__global__ void reference_member_ctor(int *out)
{
    int k = threadIdx.x;
    BoundCtor b(k);
    b.x = 0;
    out[k] = 13;
}

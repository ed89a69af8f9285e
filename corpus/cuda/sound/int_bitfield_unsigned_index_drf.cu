//pass
//--blockDim=64 --gridDim=1
// expect: drf — s: the 6-bit b.slot holds every t below 64, so s[b.slot] is s[t], one cell per thread.
// A slot packed into a bit-field next to a tag: 6 bits hold 64 slots.
struct Packed { unsigned slot : 6; unsigned tag : 26; };

__global__ void scatter(int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    Packed b;
    b.slot = t;
    b.tag = 1;
    s[b.slot] = t;
    __syncthreads();
    out[t] = s[t];
}

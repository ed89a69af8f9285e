//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — s: the 4-bit unsigned b.slot keeps t mod 16, so threads 0 and 16 both write s[0].
// A slot packed into a bit-field next to a tag: the field holds 4 bits.
struct Packed { unsigned slot : 4; unsigned tag : 28; };

__global__ void scatter(int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    Packed b;
    b.slot = t; // BUG: 64 threads, 16 slots
    b.tag = 1;
    s[b.slot] = t;
    __syncthreads();
    out[t] = s[t];
}

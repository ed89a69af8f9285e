// C's machine integers: unsigned arithmetic wraps, conversions narrow,
// bool is 0 or 1; values that provably fit are left as written.
__device__ int at(short k) { return k; }

__global__ void wraps(int *out, long long big, int n)
{
    unsigned t = threadIdx.x;
    out[t - 1u] = 0;                                  // u32: wraps at thread 0
    out[(char)(t * 4)] = 0;                           // i8
    out[(unsigned char)(t + 3)] = 0;                  // u8
    out[(short)(t * 256)] = 0;                        // i16
    out[(int)(t * 4294967296LL + t)] = 0;             // i32 of a 64-bit value: t
    out[(int)big] = 0;                                // a parameter: by the rule, no wrap
    out[at(t * 128)] = 0;                             // i16 on parameter passing
    bool b = n;
    out[b] = 0;                                       // n != 0
    out[__umul24(t * 32768u, 3u)] = 0;                // t * 32768 may exceed 24 bits
    out[__umul24(t, 3u)] = 0;                         // within 24 bits: a plain product
    out[__mul24(n, 3)] = 0;                           // a parameter: by the rule, within 24 bits
    out[~t] = 0;                                      // u32(~t)
    out[t << 24] = 0;                                 // u32
    out[blockIdx.x * blockDim.x + threadIdx.x] = 0;   // fewer than 2^32 threads per dimension
    out[(unsigned short)threadIdx.x % 4] = 0;         // cannot wrap: left out
    unsigned u = threadIdx.x;
    u -= 1u;
    out[u % 48] = 0;                                  // a compound assignment wraps as u's type
    short s = threadIdx.x;
    s *= 256;
    out[s + 32768] = 0;                               // i16
}

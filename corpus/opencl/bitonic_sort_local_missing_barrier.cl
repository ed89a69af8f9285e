//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=4
// expect: racy — no barrier between compare-exchange steps: s[ixj] is swapped by one pair while the next step reads it
#define N 256

__kernel void bitonic_sort_local_missing_barrier(__global int *keys)
{
    __local int s[N];
    uint tid = get_local_id(0);
    uint base = get_group_id(0) * N;
    s[tid] = keys[base + tid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint k = 2; k <= N; k <<= 1) {
        for (uint j = k >> 1; j > 0; j >>= 1) {
            uint ixj = tid ^ j;
            if (ixj > tid) {
                int a = s[tid], b = s[ixj];
                bool up = (tid & k) == 0;
                if ((a > b) == up) {
                    s[tid] = b;
                    s[ixj] = a;
                }
            }
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    keys[base + tid] = s[tid];
}

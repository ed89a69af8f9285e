//pass
//--local_size=128 --num_groups=1
// expect: drf — odd-even transposition sort: each phase pairs disjoint neighbours, a barrier between phases
#define N 128

__kernel void odd_even_sort_local(__global int *keys)
{
    __local int s[N];
    int tid = get_local_id(0);
    s[tid] = keys[tid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int phase = 0; phase < N; phase++) {
        int first = (phase & 1) + 2 * (tid / 2) * 1;
        if (tid % 2 == 0 && first + 1 < N) {
            int a = s[first], b = s[first + 1];
            if (a > b) {
                s[first] = b;
                s[first + 1] = a;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    keys[tid] = s[tid];
}

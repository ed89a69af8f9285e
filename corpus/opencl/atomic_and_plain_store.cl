//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — work-item 0 resets the counter with a plain store while others update it atomically: not both atomic
__kernel void atomic_and_plain_store(__global int *count)
{
    if (get_global_id(0) == 0)
        *count = 0;
    else
        atomic_inc(count);
}

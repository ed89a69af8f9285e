//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[8,8]
// expect: racy — the write coordinate x & ~1 sends work-items x = 2i and x = 2i + 1 to the same dst pixel with different blurred values
__kernel void k(read_only image2d_t src, write_only image2d_t dst)
{
  const sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
  int x = get_global_id(0);
  int y = get_global_id(1);
  float4 acc = (float4)(0.0f);
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++)
      acc += read_imagef(src, smp, (int2)(x + dx, y + dy));
  write_imagef(dst, (int2)(x & ~1, y), acc / 9.0f);
}

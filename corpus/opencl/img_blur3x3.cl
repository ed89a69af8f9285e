//pass
//--local_size=[16,16] --num_groups=[8,8]
// expect: drf — the nine neighbour reads are of a read_only image, which no one writes, and the blurred pixel is written at the work-item's own (x, y)
__kernel void k(read_only image2d_t src, write_only image2d_t dst)
{
  const sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
  int x = get_global_id(0);
  int y = get_global_id(1);
  float4 acc = (float4)(0.0f);
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++)
      acc += read_imagef(src, smp, (int2)(x + dx, y + dy));
  write_imagef(dst, (int2)(x, y), acc / 9.0f);
}
